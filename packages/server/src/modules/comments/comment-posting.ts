import { AUTO_HIDE_REPORTS, type Comment, type CreateCommentBody } from '@app/shared/api/comments';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import type { Mailer } from '../messaging/mailer.ts';
import { RATE_RULES, wait, type RateLimiter, type RateRule } from '../security/rate-limiter.ts';
import { articleMissing, commentMissing } from './comment-answers.ts';
import {
  containsLink,
  contentHash,
  isNewAccount,
  NEW_ACCOUNT_LINK_HOURS,
  REPEAT_WINDOW_HOURS,
  toApiComment,
} from './comment-rules.ts';
import { isUuid, type WriteRefusal } from './comment-rows.ts';
import type { CommentRepository } from './comment.repository.ts';

/** What the comment service and its posting part both work with. */
export type CommentDeps = {
  repository: CommentRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
};

/**
 * Posting (spec §4–§5): a comment, a reply or a report, the author's edit and delete — the spam
 * rules, rate limits, where a body points, and the reply e-mail.
 */
export function createCommentPosting(
  deps: CommentDeps & {
    /** The article's title when the viewer may see it; a 404 otherwise. */
    visibleArticleTitle: (id: string, viewer: AuthUser) => Promise<string>;
    /** After a write: this process and every other one read it on their next call. */
    written: (articleId?: string) => Promise<void> | undefined;
  },
) {
  const { repository, clock, written, visibleArticleTitle } = deps;

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
  };
}
