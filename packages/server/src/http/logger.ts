import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/** Query parameters that carry secrets: the session token and one-time keys, tokens, passwords. */
const SECRET_QUERY_PARAMS = new Set(['key', 'token', 'password']);

/** A query parameter's name as the query parser reads it (`k%65y` is `key`); never throws. */
const decodedName = (rawName: string): string =>
  new URLSearchParams(`${rawName}=`).keys().next().value ?? '';

/**
 * Removes secrets that older clients put in query strings (`?key=<token>`). Names are compared
 * after decoding, as the query parser that authenticates the request decodes them; everything
 * else is logged as it was sent.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return url;
  const pairs = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      if (equalsAt === -1) return pair;
      const rawName = pair.slice(0, equalsAt);
      return SECRET_QUERY_PARAMS.has(decodedName(rawName).toLowerCase())
        ? `${rawName}=[Redacted]`
        : pair;
    });
  return `${beforeHash.slice(0, queryAt + 1)}${pairs.join('&')}${hashAt === -1 ? '' : url.slice(hashAt)}`;
}

/** pino options: no tokens, passwords or cookies ever reach the log. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.key',
        'body.password',
        'body.value',
      ],
      censor: '[Redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
