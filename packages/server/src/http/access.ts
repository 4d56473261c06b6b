import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

/** Who may call a route. Every /api route must declare one; an undeclared route never starts. */
export type AccessLevel = 'public' | 'user' | 'validated' | 'subscriber' | 'admin';

/** The caller as the auth layer resolves it from a session (filled by the accounts module). */
export type AuthUser = {
  id: string;
  username: string;
  is_admin: boolean;
  is_email_validated: boolean;
  is_subscriber: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessLevel;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Routes added by plugins we trust (the OpenAPI UI) are public documentation. */
export const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];

function allows(level: AccessLevel, user: AuthUser): boolean {
  switch (level) {
    case 'public':
    case 'user':
      return true;
    case 'validated':
      return user.is_email_validated || user.is_admin;
    case 'subscriber':
      return user.is_subscriber || user.is_admin;
    case 'admin':
      return user.is_admin;
  }
}

const DENIED_MESSAGES: Record<Exclude<AccessLevel, 'public' | 'user'>, string> = {
  validated: 'Please click here to validate you as human.',
  subscriber: 'This feature needs a subscription.',
  admin: 'This needs an administrator.',
};

/** Finds the caller of a request (from its session token), or null for a visitor. */
export type ResolveUser = (request: FastifyRequest) => Promise<AuthUser | null>;

/**
 * Deny-by-default authorisation: resolves the caller, then checks the request against its
 * route's declared level before any handler or body parsing runs.
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolveUser: ResolveUser = () => Promise.resolve(null),
) {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    route.config ??= {};
    if (route.config.access) return;
    // Static files of the web app and CORS preflights are public by nature.
    if (!route.url.startsWith('/api') || route.method === 'OPTIONS') {
      route.config.access = 'public';
      return;
    }
    if (PLUGIN_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
      route.config.access = 'public';
      return;
    }
    throw new Error(`route ${String(route.method)} ${route.url} declares no access level`);
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.url === undefined) return; // not found: nothing to protect
    const level = request.routeOptions.config.access;
    request.user = await resolveUser(request);
    if (level === 'public') return;
    if (!level) throw forbidden();
    if (!request.user) throw unauthorized();
    if (!allows(level, request.user)) {
      throw forbidden(level === 'user' ? undefined : DENIED_MESSAGES[level]);
    }
  });
}

/** The caller of a route whose level requires one (never null there; checked again for safety). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
