import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../http/access.ts';
import { hashToken, newToken } from '../security/secrets.ts';
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

/** Sessions: random 256-bit tokens, stored as SHA-256 hashes, 30-day sliding expiry. */
export function createSessionService(users: UserRepository, clock: Clock) {
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
      const found = await users.findSessionUser(hashToken(token), now);
      if (!found) return null;
      const { session_id, session_expires_at, ...row } = found;
      if (session_expires_at.getTime() - now.getTime() < SESSION_MS - EXTEND_EVERY_MS) {
        const expires = new Date(now.getTime() + SESSION_MS);
        await users.extendSession(session_id, row.id, expires, now);
      }
      return { row, auth: toAuthUser(row, now) };
    },

    revoke: (token: string) => users.deleteSession(hashToken(token)),

    /** Ends every session of the user but the one holding `keepToken`. */
    revokeOthers: (userId: string, keepToken: string | undefined) =>
      users.deleteOtherSessions(userId, keepToken ? hashToken(keepToken) : null),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
