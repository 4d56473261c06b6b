import {
  ADMIN_SETTABLE_KEYS,
  USER_SETTABLE_KEYS,
  type AdminSettableKey,
} from '@app/shared/api/users';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { NoticeHub } from '../../db/notice-hub.ts';
import { createAdminPagesRepository } from '../admin/admin-pages.repository.ts';
import { createPageNotices } from '../../cache/page-notices.ts';
import type { ResolveUser } from '../../http/access.ts';
import type { EntitySetter } from '../../http/entity-setters.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Mailer } from '../messaging/mailer.ts';
import type { RateLimiter } from '../security/rate-limiter.ts';
import { createApprovalService } from './approval.service.ts';
import { createSessionCache } from './session-cache.ts';
import { createSessionService, tokenFromRequest } from './session.service.ts';
import { createUserRepository, type UserRepository } from './user.repository.ts';
import type { UserRow } from './user.mapper.ts';
import { createUserService } from './user.service.ts';

/** The accounts domain's services: users, sessions, approvals, the session resolver and the user setter. */
export function createUserServices(deps: {
  db: Database;
  hub: NoticeHub;
  config: AppConfig;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
}) {
  const { db, hub, config, mailer, clock, limiter } = deps;
  const sessionCache = config.sessionCache ? createSessionCache({ hub }) : undefined;
  const repository = createUserRepository(db);
  // This process's own writes drop its cached sessions at once; the trigger's notice reaches the
  // other processes (and this one again) a moment later.
  const users: UserRepository = sessionCache
    ? {
        ...repository,
        update: async (id, values) => {
          const row = await repository.update(id, values);
          sessionCache.forgetUser(id);
          return row;
        },
        // A deleted user's sessions end in every process before the deletion is answered.
        remove: async (id) => {
          await sessionCache.ready();
          const removed = await repository.remove(id);
          sessionCache.forgetUser(id);
          if (removed) await sessionCache.confirmEverywhere(id);
          return removed;
        },
      }
    : repository;
  const sessions = createSessionService(users, clock, sessionCache);
  const userService = createUserService({
    users,
    sessions,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    clock,
  });
  // The admin pages from memory while their tables are unchanged.
  const pageNotices = config.adminPageCache ? createPageNotices({ hub }) : undefined;
  const approvals = createApprovalService({
    users,
    pages: createAdminPagesRepository(db),
    ...(pageNotices && { notices: pageNotices }),
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    clock,
  });

  // The row the session lookup already read, so /user/get/me needs no second query.
  const sessionRows = new WeakMap<FastifyRequest, UserRow>();
  const resolveUser: ResolveUser = async (request) => {
    const token = tokenFromRequest(request);
    const found = token ? await sessions.resolve(token) : null;
    if (!found) return null;
    sessionRows.set(request, found.row);
    return found.auth;
  };

  /** Owners set their profile and preferences; admins set the admin-only flags of anyone. */
  const userSetter: EntitySetter = async (caller, id, property, value) => {
    if (caller.id === id && (USER_SETTABLE_KEYS as readonly string[]).includes(property)) {
      await userService.setProperty(id, property, value);
      return;
    }
    if (caller.is_admin && (ADMIN_SETTABLE_KEYS as readonly string[]).includes(property)) {
      if (typeof value !== 'boolean')
        throw badRequest(`Invalid value for '${property}': expected true or false`);
      const row = await users.findById(id);
      if (!row) throw notFound(`No user with id '${id}'.`);
      await approvals.adminUpdate(caller, row.username, property as AdminSettableKey, value);
      return;
    }
    throw forbidden(`You are not allowed to change '${property}' of this user.`);
  };

  return {
    resolveUser,
    userSetter,
    userService,
    approvals,
    sessions,
    /** The row the session lookup already read for this request. */
    sessionRow: (request: FastifyRequest) => sessionRows.get(request),
    /** The session cache's state (undefined when SESSION_CACHE is off). */
    sessionCacheStats: () => sessionCache?.stats(),
    /** The admin page answers' state (undefined when ADMIN_PAGE_CACHE is off); for tests. */
    adminPageStats: () => pageNotices?.stats(),
    /** The admin pages kept in memory (undefined when ADMIN_PAGE_CACHE is off): other modules' admin lists share them. */
    adminPages: pageNotices,
    /** Takes the caches off the notice hub (the process is stopping). */
    close: async () => {
      await Promise.all([sessionCache?.close(), pageNotices?.close()]);
    },
    /** Whether the user turned on the debug interface (spec §6). */
    hasDebugInterface: async (userId: string) =>
      (await users.findById(userId))?.my_debug_interface ?? false,
  };
}

export type UserServices = ReturnType<typeof createUserServices>;
