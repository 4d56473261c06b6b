import { Stack, Text } from '@mantine/core';
import { useReport } from '../api/comment-mutations';
import { CommentEditor } from './comment-editor';
import { CommentGate } from './comment-gate';
import type { ArticlePanelProps } from './comments-panel';

/** The Report panel of an article card: the reason goes to the moderators (`is_report`). */
export function ReportPanel({
  id,
  articleId,
  articlePath,
  onDone,
}: ArticlePanelProps & { onDone: () => void }) {
  const report = useReport();
  return (
    <Stack gap="xs" id={id} component="section" aria-label="Report this article">
      <Text size="sm" c="dimmed">
        Something wrong with this article? Tell our moderators what and why.
      </Text>
      <CommentGate
        reason={{ kind: 'report-article' }}
        next={articlePath}
        visitorText="Register or log in to report this article"
      >
        <CommentEditor
          label="Why are you reporting this article?"
          autoFocus
          onClose={onDone}
          onSubmit={(content) =>
            report
              .mutateAsync({
                parent_obj: 'news',
                parent_obj_id: articleId,
                parent_comment_id: null,
                content,
              })
              .then(
                () => true,
                () => false,
              )
          }
        />
      </CommentGate>
    </Stack>
  );
}
