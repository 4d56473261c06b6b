import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/**
 * Words of parameter names that carry a credential: the session token (`key`), one-time tokens,
 * passwords, and the names other APIs use for them (`access_token`, `api_key`, `apiKey`,
 * `client_secret`, `X-Amz-Signature` …). A decoded name is split into words at `_`, `-`, `.`,
 * brackets and camel case; its last word counts (`monkey` is not `key`, `token_type` no token).
 */
const SECRET_WORDS = new Set([
  'key',
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'auth',
  'authorization',
  'session',
  'sid',
  'signature',
  'sig',
  'credential',
  'credentials',
  'jwt',
]);

/** Whether a name ends in a secret word (`access_token`, not `token_type`) or is one (`apiKey`). */
const isSecretName = (name: string): boolean =>
  SECRET_WORDS.has(
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .at(-1) ?? '',
  ) || SECRET_WORDS.has(name.toLowerCase().replace(/[^a-z0-9]/g, ''));

/**
 * A value that looks like a credential whatever its name: 24 or more characters of the
 * alphabets tokens are written in (hex, base64, base64url), with both letters and digits.
 */
const SECRET_VALUE = /^(?=.*\d)(?=.*[a-z])[\w+/=.~-]{24,}$/i;

/** A component as the query parser reads it (`k%65y` is `key`); never throws. */
const decoded = (raw: string): string => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

function redactPair(pair: string): string {
  const equalsAt = pair.indexOf('=');
  const rawName = equalsAt === -1 ? pair : pair.slice(0, equalsAt);
  const rawValue = equalsAt === -1 ? '' : pair.slice(equalsAt + 1);
  if (equalsAt === -1) return SECRET_VALUE.test(decoded(rawName)) ? '[Redacted]' : pair;
  const secret = isSecretName(decoded(rawName)) || SECRET_VALUE.test(decoded(rawValue));
  return secret ? `${rawName}=[Redacted]` : pair;
}

/**
 * The request target as it may be logged: every query parameter (split on `&` and `;`) whose
 * decoded name is credential-like or whose decoded value looks like a token is redacted, a path
 * segment that looks like a token too, and a fragment (never sent by a browser, and refused
 * before authentication) is dropped whole.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const target = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const safePath = path
    .split('/')
    .map((segment) => (SECRET_VALUE.test(decoded(segment)) ? '[Redacted]' : segment))
    .join('/');
  const query =
    queryAt === -1
      ? ''
      : `?${target
          .slice(queryAt + 1)
          .split(/([&;])/)
          .map((part) => (part === '&' || part === ';' ? part : redactPair(part)))
          .join('')}`;
  return `${safePath}${query}${hashAt === -1 ? '' : '#[Redacted]'}`;
}

/** Headers that carry credentials, wherever a log line holds request or response headers. */
const SECRET_HEADERS = [
  'authorization',
  'cookie',
  '["set-cookie"]',
  '["x-telegram-bot-api-secret-token"]',
  '["stripe-signature"]',
  '["x-api-key"]',
  '["proxy-authorization"]',
];

/** pino options: no tokens, passwords, cookies or webhook secrets ever reach the log. */
export function loggerOptions(level: string): LoggerOptions {
  const header = (prefix: string) =>
    SECRET_HEADERS.map((name) => `${prefix}${name.startsWith('[') ? '' : '.'}${name}`);
  return {
    level,
    redact: {
      paths: [
        ...header('req.headers'),
        ...header('res.headers'),
        ...header('headers'),
        ...header('*.headers'),
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
