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
const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];

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

/** Deny-by-default authorisation: checks each request against its route's declared level. */
export function registerAccessControl(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    route.config ??= {};
    if (route.config.access) return;
    if (PLUGIN_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
      route.config.access = 'public';
      return;
    }
    throw new Error(`route ${String(route.method)} ${route.url} declares no access level`);
  });
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const level = request.routeOptions.config.access;
    if (request.routeOptions.url === undefined || level === 'public') return done();
    if (!level) return done(forbidden());
    if (!request.user) return done(unauthorized());
    if (!allows(level, request.user)) {
      return done(forbidden(level === 'user' ? undefined : DENIED_MESSAGES[level]));
    }
    done();
  });
}
