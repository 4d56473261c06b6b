import type { Comment, ReportedItem } from '@app/shared/api/comments';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../http/access.ts';
import { articleMissing, commentMissing, VISIBILITY_TTL_MS } from './comment-answers.ts';
import type { CachedAnswer } from './comment-page-cache.ts';
import { cacheTags } from './comment-page-cache.ts';
import { badgesValidUntil, toApiComment } from './comment-rules.ts';
import { isUuid } from './comment-rows.ts';
import type { CommentRepository } from './comment.repository.ts';

/** Moderation (spec §5): an admin hides or shows a comment, dismisses reports, reads the queue. */
export function createCommentModeration(deps: {
  repository: CommentRepository;
  clock: Clock;
  /** Titles of the articles the viewer may see (the news module's visibility rule). */
  articleTitles: (ids: string[], viewer: AuthUser) => Promise<Map<string, string>>;
  /** The answer kept under `key`, or built (through the answer cache when there is one). */
  cached: (
    key: string,
    build: () => Promise<CachedAnswer>,
  ) => Promise<{ value: object; hit: boolean }>;
  /** After a write: this process and every other one read it on their next call. */
  written: (articleId?: string) => Promise<void> | undefined;
}) {
  const { repository, clock, cached, written } = deps;

  return {
    /** Admin Hide (spec §5) or show again. */
    async setHidden(id: string, hidden: boolean, admin: AuthUser): Promise<Comment> {
      if (!isUuid(id) || !(await repository.setHidden(id, hidden))) throw commentMissing();
      await written();
      const record = await repository.find(id);
      if (!record) throw commentMissing();
      return toApiComment(record, admin, clock.now());
    },

    /** Dismisses the open reports of an article or comment (an auto-hidden comment shows again). */
    async dismiss(articleId: string, commentId: string | null): Promise<number> {
      if (!isUuid(articleId)) throw articleMissing();
      const dismissed = await repository.dismissReports(articleId, commentId);
      await written(articleId);
      return dismissed;
    },

    /**
     * The admin reports queue: reported articles and comments with their reasons and counts (the
     * answer's JSON). Kept until any comment or user changes, at most a few seconds (an article's
     * title is not announced).
     */
    reportsQueue: (page: { skip: number; limit: number }, admin: AuthUser) =>
      cached(`reports:${page.skip}:${page.limit}`, async () => {
        const now = clock.now();
        const { items, total } = await repository.openReports(page);
        const titles = await deps.articleTitles(
          items.map((item) => item.article_id),
          admin,
        );
        const comments = new Map(
          (
            await repository.findMany(
              items.flatMap((item) => (item.parent_comment_id ? [item.parent_comment_id] : [])),
            )
          ).map((record) => [record.id, record]),
        );
        const result: ReportedItem[] = items.map((item) => {
          const comment = item.parent_comment_id ? comments.get(item.parent_comment_id) : undefined;
          return {
            parent_obj_id: item.article_id,
            article_title: titles.get(item.article_id) ?? '',
            comment: comment ? toApiComment(comment, admin, now) : null,
            reports: Number(item.reports),
            reasons: item.reasons.map((reason) => ({
              username: reason.username ?? '[deleted]',
              content: reason.content,
              creation_date: Math.floor(new Date(reason.created_at).getTime() / 1000),
            })),
            last_report_date: Math.floor(new Date(item.last_report).getTime() / 1000),
          };
        });
        return {
          value: { items: result, total },
          tags: [cacheTags.anyComment],
          validUntil: badgesValidUntil(
            [...comments.values()].map((record) => record.author),
            now,
          ),
          maxAgeMs: VISIBILITY_TTL_MS,
        };
      }),
  };
}
