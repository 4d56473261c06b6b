import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../http/access.ts';
import { hashToken, newToken } from '../security/secrets.ts';
import type { SessionCache } from './session-cache.ts';
import { toAuthUser, type UserRow } from './user.mapper.ts';
import type { UserRepository } from './user.repository.ts';

export const SESSION_COOKIE = 'sp_session';
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 3600 * 1000;
/** The sliding expiry (and the user's last access) move at most this often: no write per request. */
const EXTEND_EVERY_MS = 3600 * 1000;

/** Where a request may carry its token: header first, then `?key=`, then (opted-in) the cookie. */
export function tokenFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  const key = (request.query as Record<string, unknown> | undefined)?.key;
  if (typeof key === 'string' && key.length > 0) return key;
  // The cookie authenticates only routes built for browser navigation (no CSRF surface elsewhere).
  if (request.routeOptions.config.cookieAuth) return request.cookies[SESSION_COOKIE];
  return undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route may be authenticated by the session cookie (browser navigations only). */
    cookieAuth?: boolean;
  }
}

/**
 * Sessions: random 256-bit tokens, stored as SHA-256 hashes, 30-day sliding expiry. With a
 * `cache`, resolved sessions are kept in the process until the database announces a change of
 * the session or its user (see session-cache.ts); expiry is still checked on every use.
 */
export function createSessionService(users: UserRepository, clock: Clock, cache?: SessionCache) {
  const extendDue = (expiresAt: Date, now: Date) =>
    expiresAt.getTime() - now.getTime() < SESSION_MS - EXTEND_EVERY_MS;
  const extend = (sessionId: string, userId: string, now: Date) =>
    users.extendSession(sessionId, userId, new Date(now.getTime() + SESSION_MS), now);

  /** The database's answer, kept in the cache unless a change was heard meanwhile. */
  async function resolveFresh(key: string, hash: Buffer, now: Date) {
    const mark = cache?.mark() ?? -1;
    const found = await users.findSessionUser(hash, now);
    if (!found) return null;
    const { session_id, session_expires_at, ...row } = found;
    if (extendDue(session_expires_at, now)) await extend(session_id, row.id, now);
    else cache?.set(key, mark, { row, sessionId: session_id, expiresAt: session_expires_at });
    return { row, auth: toAuthUser(row, now) };
  }

  return {
    async create(userId: string, userAgent = ''): Promise<string> {
      const token = newToken();
      await users.insertSession({
        user_id: userId,
        token_hash: hashToken(token),
        expires_at: new Date(clock.now().getTime() + SESSION_MS),
        user_agent: userAgent.slice(0, 300),
      });
      return token;
    },

    /** The user behind a token, or null; extends the session's expiry as it is used. */
    async resolve(token: string): Promise<{ row: UserRow; auth: AuthUser } | null> {
      if (!/^[0-9a-f]{64}$/.test(token)) return null;
      const now = clock.now();
      const hash = hashToken(token);
      const key = hash.toString('base64');
      const cached = cache?.get(key);
      if (cache && cached && cached.expiresAt > now) {
        // One turn of the event loop first: a change notice already read from the listener's
        // socket in this poll phase is applied before the entry is trusted.
        await new Promise((resolve) => setImmediate(resolve));
        if (cache.get(key) !== cached) return resolveFresh(key, hash, clock.now());
        if (extendDue(cached.expiresAt, now)) {
          cache.forget(key);
          await extend(cached.sessionId, cached.row.id, now);
        }
        return { row: cached.row, auth: toAuthUser(cached.row, now) };
      }
      return resolveFresh(key, hash, now);
    },

    /** Ends a session; answers once every process's cache confirmed it (see confirmEverywhere). */
    async revoke(token: string) {
      const hash = hashToken(token);
      await cache?.ready();
      cache?.forget(hash.toString('base64'));
      const userId = await users.deleteSession(hash);
      cache?.forget(hash.toString('base64'));
      if (userId) await cache?.confirmEverywhere(userId);
    },

    /** Ends every session of the user but the one holding `keepToken`. */
    async revokeOthers(userId: string, keepToken: string | undefined) {
      await cache?.ready();
      cache?.forgetUser(userId);
      await users.deleteOtherSessions(userId, keepToken ? hashToken(keepToken) : null);
      cache?.forgetUser(userId);
      await cache?.confirmEverywhere(userId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
