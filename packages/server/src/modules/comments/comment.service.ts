import {
  AUTO_HIDE_REPORTS,
  type Comment,
  type CommentsQuery,
  type CreateCommentBody,
  type ReportedItem,
} from '@app/shared/api/comments';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Mailer } from '../messaging/mailer.ts';
import { RATE_RULES, wait, type RateLimiter, type RateRule } from '../security/rate-limiter.ts';
import { cacheTags, type CachedAnswer, type CommentPageCache } from './comment-page-cache.ts';
import {
  badgesValidUntil,
  containsLink,
  contentHash,
  isNewAccount,
  NEW_ACCOUNT_LINK_HOURS,
  REPEAT_WINDOW_HOURS,
  toApiComment,
} from './comment-rules.ts';
import { isUuid, type CommentRepository, type WriteRefusal } from './comment.repository.ts';

/** How long a thread's article stays known as visible (no database check). */
const VISIBILITY_TTL_MS = 5_000;
const VISIBILITY_CACHE_MAX = 10_000;
/** Unread replies listed in the user menu's page. */
const UNREAD_REPLIES_LISTED = 20;

type Viewer = { is_admin: boolean } | null;

const articleMissing = () => notFound('Article not found.');
const commentMissing = () => notFound('Comment not found.');

/** Spec §4–§6 comments, replies, reports and moderation, over the repository. */
export function createCommentService(deps: {
  repository: CommentRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Titles of the articles the viewer may see (the news module's visibility rule). */
  articleTitles: (ids: string[], viewer: Viewer) => Promise<Map<string, string>>;
  /** Serialised answers kept in this process (COMMENTS_CACHE); absent: every read is built. */
  cache?: CommentPageCache;
}) {
  const { repository, clock, cache } = deps;

  /** JSON of a success answer, built once and sent as it is (no serialiser on the way out). */
  const json = (value: object) => Buffer.from(JSON.stringify({ status: 'success', ...value }));

  /** Through the cache when there is one. */
  const cached = (key: string, build: () => Promise<CachedAnswer>) =>
    cache
      ? cache.answer(key, clock.now(), build)
      : build().then(({ body }) => ({ body, hit: false }));

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

  /** A per-user limit with its own words (the limiter's default speaks of attempts). */
  const limit = (rule: RateRule, userId: string, what: string) =>
    deps.limiter.hit(
      rule,
      userId,
      (retrySeconds) => `You are ${what} too fast. Please try again in ${wait(retrySeconds)}.`,
    );

  function refuse(refusal: WriteRefusal): never {
    switch (refusal) {
      case 'parent-missing':
      case 'missing':
        throw commentMissing();
      case 'duplicate-report':
        throw conflict('You have already reported this.');
    }
  }

  /** The spam rules: links from new accounts, and the same text twice. */
  async function checkContent(user: AuthUser, content: string) {
    const now = clock.now();
    if (containsLink(content) && !user.is_admin) {
      const created = await repository.accountCreatedAt(user.id);
      if (!created || isNewAccount(created, now)) {
        throw forbidden(
          `New accounts can post links ${NEW_ACCOUNT_LINK_HOURS} hours after registering. Please remove the link.`,
        );
      }
    }
    const since = new Date(now.getTime() - REPEAT_WINDOW_HOURS * 3_600_000);
    if (await repository.hasRepeat(user.id, contentHash(content), since)) {
      throw conflict('You already posted this comment.');
    }
  }

  /** E-mails the parent's author about a reply when they opted in (never fails the reply). */
  async function mailReply(
    parentId: string,
    replier: AuthUser,
    content: string,
    articleId: string,
  ) {
    try {
      const to = await repository.replyMailRecipient(parentId);
      if (!to || to.id === replier.id || !to.my_email_replies || !to.is_email_validated) return;
      const link = `${deps.publicUrl}/news/view?id=${encodeURIComponent(articleId)}#comments`;
      const excerpt = content.length > 500 ? `${content.slice(0, 500)}…` : content;
      await deps.mailer.send({
        to: to.email,
        userId: to.id,
        subject: `${replier.username} replied to your comment`,
        text:
          `Hello ${to.username},\n\n${replier.username} replied to your comment:\n\n` +
          `${excerpt}\n\nRead the conversation: ${link}\n\n` +
          'You receive this because you asked for e-mails about replies. ' +
          `Turn it off on your profile: ${deps.publicUrl}/pages/user`,
      });
    } catch (error) {
      deps.log.error({ err: error, parentId }, 'comments: reply e-mail failed');
    }
  }

  /** Resolves what the body points at: the article, and the comment it answers or reports. */
  async function resolveParent(
    body: CreateCommentBody,
    viewer: AuthUser,
  ): Promise<{ articleId: string; parentId: string | null }> {
    let articleId = body.parent_obj_id;
    let parentId = body.parent_comment_id;
    if (body.parent_obj === 'comment' && parentId === null) {
      // The old client names the comment it answers as parent_obj_id.
      const parent = await repository.find(articleId);
      if (!parent || parent.is_report) throw commentMissing();
      articleId = parent.article_id;
      parentId = parent.id;
    }
    if (!isUuid(articleId)) throw articleMissing();
    await visibleArticleTitle(articleId, viewer);
    if (parentId !== null) {
      const parent = await repository.find(parentId);
      if (
        !parent ||
        parent.is_report ||
        parent.article_id !== articleId ||
        parent.is_deleted ||
        (parent.is_hidden && !viewer.is_admin)
      ) {
        throw commentMissing();
      }
    }
    return { articleId, parentId };
  }

  return {
    /**
     * One level of a thread (spec §7 /comments/query), 50 a page, with its total: the answer's
     * JSON. What a viewer sees differs only by whether they are an admin (hidden comments' text),
     * so a page is cached per article, level, skip, limit and that bit, and dropped by any change
     * in the article or of one of its authors, or when an author's badge may change.
     */
    async query(params: CommentsQuery, viewer: Viewer): Promise<{ body: Buffer; hit: boolean }> {
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
          body: json({ comments, total }),
          tags: [cacheTags.article(articleId), ...[...authors].map(cacheTags.user)],
          validUntil: badgesValidUntil(
            records.map((record) => record.author),
            now,
          ),
        };
      });
    },

    /** A comment, a reply or a report (validated users; the route checks the level). */
    async create(body: CreateCommentBody, user: AuthUser): Promise<Comment> {
      const { articleId, parentId } = await resolveParent(body, user);
      const now = clock.now();
      const row = {
        article_id: articleId,
        parent_comment_id: parentId,
        user_id: user.id,
        content: body.content,
        content_hash: contentHash(body.content),
        created_at: now,
      };
      if (body.is_report) {
        if (parentId !== null) {
          const target = await repository.find(parentId);
          if (target?.user_id === user.id) throw badRequest('You cannot report your own comment.');
        }
        await limit(RATE_RULES.reportPerUser, user.id, 'reporting');
        const result = await repository.insertReport(row, AUTO_HIDE_REPORTS);
        if (typeof result === 'string') refuse(result);
        if (result.hidden) deps.log.info({ commentId: parentId }, 'comments: hidden by reports');
        await written(articleId);
        const report = await repository.find(result.id);
        if (!report) throw commentMissing();
        return toApiComment(report, user, now);
      }
      await checkContent(user, body.content);
      await limit(RATE_RULES.commentPerUser, user.id, 'commenting');
      const result = await repository.insert(
        row,
        (parent) =>
          parent.article_id === articleId &&
          !parent.is_deleted &&
          (!parent.is_hidden || user.is_admin),
      );
      if (typeof result === 'string') refuse(result);
      await written(articleId);
      const created = await repository.find(result.id);
      if (!created) throw commentMissing();
      if (parentId !== null) await mailReply(parentId, user, body.content, articleId);
      return toApiComment(created, user, now);
    },

    /** The author edits their text (admins hide or delete, they do not rewrite). */
    async update(id: string, content: string, user: AuthUser): Promise<Comment> {
      const found = await repository.find(id);
      if (!found || found.is_report || found.is_deleted) throw commentMissing();
      if (found.is_hidden && !user.is_admin && found.user_id !== user.id) throw commentMissing();
      if (found.user_id !== user.id) throw forbidden('Only the author can edit this comment.');
      if (containsLink(content) && !containsLink(found.content)) await checkContent(user, content);
      const now = clock.now();
      if (!(await repository.updateContent(id, content, contentHash(content), now))) {
        throw commentMissing();
      }
      await written(found.article_id);
      const updated = await repository.find(id);
      if (!updated) throw commentMissing();
      return toApiComment(updated, user, now);
    },

    /** The author deletes their comment; admins delete any. */
    async remove(id: string, user: AuthUser): Promise<void> {
      if (!isUuid(id)) throw commentMissing();
      const result = await repository.remove(id, (row) => row.user_id === user.id || user.is_admin);
      await written();
      if (result === 'forbidden') throw forbidden('Only the author can delete this comment.');
      if (result === 'missing' || result === 'parent-missing' || result === 'duplicate-report') {
        throw commentMissing();
      }
    },

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
          body: json({ items: result, total }),
          tags: [cacheTags.anyComment],
          validUntil: badgesValidUntil(
            [...comments.values()].map((record) => record.author),
            now,
          ),
          maxAgeMs: VISIBILITY_TTL_MS,
        };
      }),

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
          body: json({
            count: total,
            replies: listed.map((reply) => ({
              ...toApiComment(reply, user, now),
              article_title: titles.get(reply.article_id) ?? '',
            })),
          }),
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
