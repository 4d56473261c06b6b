import {
  ADMIN_SETTABLE_KEYS,
  USER_SETTABLE_KEYS,
  type AdminSettableKey,
} from '@app/shared/api/users';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { ResolveUser } from '../../http/access.ts';
import type { EntitySetter } from '../../http/entity-setters.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { ZodApp } from '../../http/types.ts';
import type { Mailer } from '../messaging/mailer.ts';
import { createRateLimiter } from '../security/rate-limiter.ts';
import { adminUserRoutes } from './admin.routes.ts';
import { createApprovalService } from './approval.service.ts';
import { createSessionService, tokenFromRequest } from './session.service.ts';
import { userRoutes } from './user.routes.ts';
import { createUserRepository } from './user.repository.ts';
import type { UserRow } from './user.mapper.ts';
import { createUserService } from './user.service.ts';

/** Wires the accounts domain: repository → services → routes, the session resolver and the user setter. */
export function createUsersModule(deps: {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  clock: Clock;
}) {
  const { db, config, mailer, clock } = deps;
  const users = createUserRepository(db);
  const sessions = createSessionService(users, clock);
  const limiter = createRateLimiter(db, config.rateLimitScale, clock);
  const userService = createUserService({
    users,
    sessions,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    clock,
  });
  const approvals = createApprovalService({
    users,
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
    setters: { user: userSetter },
    routes(app: ZodApp) {
      userRoutes(app, {
        config,
        userService,
        approvals,
        sessions,
        sessionRow: (r) => sessionRows.get(r),
      });
      adminUserRoutes(app, { approvals });
    },
  };
}
