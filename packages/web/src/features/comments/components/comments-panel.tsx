import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { createComment, useCommentChange } from '../api/comment-mutations';
import { CommentEditor } from './comment-editor';
import { CommentGate } from './comment-gate';
import { CommentThreadContext } from './comment-thread-context';
import type { OpenCommentAction } from './comment-thread-context';
import { CommentLevel } from './comment-thread';

export interface ArticlePanelProps {
  /** The panel's element id (the card's control points at it). */
  id: string;
  articleId: string;
  /** The article's own path, where a visitor returns after registering. */
  articlePath: string;
}

/**
 * The Comments panel of an article card (spec §4): the editor for a new comment (or what stands
 * in for it: register, validate), then the comments 50 a page, threaded by their replies.
 */
export function CommentsPanel({
  id,
  articleId,
  articlePath,
  onCountChange,
}: ArticlePanelProps & { onCountChange: (delta: number) => void }) {
  const [open, setOpen] = useState<OpenCommentAction | null>(null);
  const save = useCommentChange(articleId, createComment);
  const context = useMemo(
    () => ({ articleId, articlePath, open, setOpen, onCountChange }),
    [articleId, articlePath, open, onCountChange],
  );

  return (
    <CommentThreadContext.Provider value={context}>
      <Stack gap="md" id={id} component="section" aria-label="Comments">
        <CommentGate
          reason={{ kind: 'comment' }}
          next={articlePath}
          visitorText="Register or log in to comment"
        >
          <CommentEditor
            label="Write a comment"
            onSubmit={(content) =>
              save
                .mutateAsync({
                  parent_obj: 'news',
                  parent_obj_id: articleId,
                  parent_comment_id: null,
                  content,
                })
                .then(
                  () => {
                    onCountChange(1);
                    return true;
                  },
                  () => false,
                )
            }
          />
        </CommentGate>
        <CommentLevel articleId={articleId} parentCommentId={null} depth={0} label="Comments" />
      </Stack>
    </CommentThreadContext.Provider>
  );
}
