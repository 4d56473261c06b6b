import type { CommentsQuery } from '@app/shared/api/comments';
import type { AuthUser } from '../../http/access.ts';
import { articleMissing, commentMissing, VISIBILITY_TTL_MS } from './comment-answers.ts';
import { createCommentModeration } from './comment-moderation.ts';
import { cacheTags, type CachedAnswer, type CommentPageCache } from './comment-page-cache.ts';
import { createCommentPosting, type CommentDeps } from './comment-posting.ts';
import { badgesValidUntil, toApiComment } from './comment-rules.ts';
import { isUuid } from './comment-rows.ts';

const VISIBILITY_CACHE_MAX = 10_000;
/** Unread replies listed in the user menu's page. */
const UNREAD_REPLIES_LISTED = 20;

type Viewer = { is_admin: boolean } | null;

/**
 * Spec §4–§6 comments, replies, reports and moderation, over the repository: the thread, unread
 * replies and the answer cache here; posting in comment-posting.ts, moderation in
 * comment-moderation.ts.
 */
export function createCommentService(
  deps: CommentDeps & {
    /** Titles of the articles the viewer may see (the news module's visibility rule). */
    articleTitles: (ids: string[], viewer: Viewer) => Promise<Map<string, string>>;
    /** Serialised answers kept in this process (COMMENTS_CACHE); absent: every read is built. */
    cache?: CommentPageCache;
  },
) {
  const { repository, clock, cache } = deps;

  /** Through the cache when there is one. */
  const cached = (key: string, build: () => Promise<CachedAnswer>) =>
    cache
      ? cache.answer(key, clock.now(), build)
      : build().then(({ value }) => ({ value, hit: false }));

  /** After a write: this process and every other one read it on their next call. */
  const written = (articleId?: string) =>
    cache?.sync(articleId ? [cacheTags.article(articleId), cacheTags.anyComment] : []);

  /**
   * Whether a reader may see the article's thread, remembered for a few seconds per article (the
   * thread route's hottest check; an article hidden by an admin closes its thread within that
   * time, as the feed cache hides it from feeds). Admins always ask.
   */
  const visibleSince = new Map<string, number>();
  async function visibleArticle(id: string, viewer: Viewer): Promise<void> {
    const now = Date.now();
    if (!viewer?.is_admin) {
      const checked = visibleSince.get(id);
      if (checked !== undefined && now - checked < VISIBILITY_TTL_MS) return;
    }
    await visibleArticleTitle(id, viewer);
    if (!viewer?.is_admin) {
      if (visibleSince.size >= VISIBILITY_CACHE_MAX) visibleSince.clear();
      visibleSince.set(id, now);
    }
  }

  async function visibleArticleTitle(id: string, viewer: Viewer): Promise<string> {
    const title = (await deps.articleTitles([id], viewer)).get(id);
    if (title === undefined) throw articleMissing();
    return title;
  }

  const posting = createCommentPosting({ ...deps, visibleArticleTitle, written });
  const moderation = createCommentModeration({ ...deps, cached, written });

  return {
    ...posting,
    ...moderation,

    /**
     * One level of a thread (spec §7 /comments/query), 50 a page, with its total: the answer's
     * JSON. What a viewer sees differs only by whether they are an admin (hidden comments' text),
     * so a page is cached per article, level, skip, limit and that bit, and dropped by any change
     * in the article or of one of its authors, or when an author's badge may change.
     */
    async query(params: CommentsQuery, viewer: Viewer): Promise<{ value: object; hit: boolean }> {
      const articleId = params.parent_obj_id;
      if (!isUuid(articleId)) throw articleMissing();
      if (params.parent_comment_id !== null && !isUuid(params.parent_comment_id)) {
        throw commentMissing();
      }
      await visibleArticle(articleId, viewer);
      const admin = viewer?.is_admin === true;
      const key = `q:${articleId}:${params.parent_comment_id ?? ''}:${params.skip}:${params.limit}:${admin ? 'admin' : 'reader'}`;
      return cached(key, async () => {
        const { total, records } = await repository.listLevel(
          articleId,
          params.parent_comment_id,
          params,
        );
        if (total === null) throw commentMissing();
        const now = clock.now();
        const comments = records.map((record) => toApiComment(record, viewer, now));
        const authors = new Set<string>();
        for (const record of records) if (record.user_id) authors.add(record.user_id);
        return {
          value: { comments, total },
          tags: [cacheTags.article(articleId), ...[...authors].map(cacheTags.user)],
          validUntil: badgesValidUntil(
            records.map((record) => record.author),
            now,
          ),
        };
      });
    },

    /**
     * Replies to the user's comments since they last looked (the user menu's count), as JSON:
     * kept per user until any comment or user changes or they mark them read, at most a few
     * seconds (an article hidden meanwhile is not announced).
     */
    unreadReplies: (user: AuthUser) =>
      cached(`unread:${user.id}`, async () => {
        const since = (await repository.repliesSeenAt(user.id)) ?? new Date(0);
        const { total, replies } = await repository.unreadReplies(
          user.id,
          since,
          UNREAD_REPLIES_LISTED,
        );
        const titles = await deps.articleTitles(
          replies.map((reply) => reply.article_id),
          user,
        );
        const now = clock.now();
        const listed = replies.filter((reply) => titles.has(reply.article_id));
        return {
          value: {
            count: total,
            replies: listed.map((reply) => ({
              ...toApiComment(reply, user, now),
              article_title: titles.get(reply.article_id) ?? '',
            })),
          },
          tags: [cacheTags.anyComment, cacheTags.user(user.id)],
          validUntil: badgesValidUntil(
            listed.map((reply) => reply.author),
            now,
          ),
          maxAgeMs: VISIBILITY_TTL_MS,
        };
      }),

    markRepliesSeen: async (user: AuthUser) => {
      await repository.markRepliesSeen(user.id, clock.now());
      await written();
    },

    /** The answer cache's state (undefined when COMMENTS_CACHE is off). */
    cacheStats: () => cache?.stats(),
    /** Starts the cache's listener and waits for it (tests; the first read starts it anyway). */
    cacheReady: () => cache?.ready() ?? Promise.resolve(),
    close: () => cache?.close() ?? Promise.resolve(),
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
