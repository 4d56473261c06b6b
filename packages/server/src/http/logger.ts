import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

const SECRET_QUERY_PARAMS = /([?&](?:key|token|password)=)[^&#]*/gi;

/** Removes secrets that older clients put in query strings (`?key=<token>`). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[Redacted]');
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
