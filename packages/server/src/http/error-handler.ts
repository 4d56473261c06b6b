import { UNREACHABLE_MESSAGE } from '@app/shared/api/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDatabaseUnavailable } from './errors.ts';

const PLACES: Record<string, string> = {
  querystring: 'query parameter',
  body: 'body field',
  params: 'path parameter',
  headers: 'header',
};

/** Turns a schema validation failure into one sentence naming the offending field. */
function describeValidation(error: {
  validation: { instancePath: string; message?: string; params?: unknown }[];
  validationContext?: string;
}): string {
  const first = error.validation[0];
  const context = error.validationContext ?? 'body';
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
  const unknownKeys = (first?.params as { keys?: string[] } | undefined)?.keys;
  if (unknownKeys?.length) {
    const place = PLACES[context] ?? context;
    const where = field ? ` in '${field}'` : '';
    const names = unknownKeys.map((k) => `'${k}'`).join(', ');
    return `Unknown ${place}${unknownKeys.length > 1 ? 's' : ''} ${names}${where}`;
  }
  const message = first?.message ?? 'is invalid';
  if (!field)
    return context === 'body'
      ? `Invalid request body: ${message}`
      : `Invalid ${context}: ${message}`;
  return `Invalid ${PLACES[context] ?? context} '${field}': ${message}`;
}

/** PostgreSQL's codes for text it cannot store (NUL, invalid UTF-8, \u0000 in jsonb). */
const UNSTORABLE_TEXT_CODES = new Set([
  '22021', // character_not_in_repertoire
  '22P05', // untranslatable_character
]);

const sqlState = (error: unknown) => (error as { code?: unknown }).code;

/**
 * A query that ran out of time: pg's client-side `query_timeout` (a frozen or unreachable server)
 * or the server's `statement_timeout` (57014). Either way the database cannot serve us now.
 */
function isDatabaseTimeout(error: Error): boolean {
  return error.message === 'Query read timeout' || sqlState(error) === '57014';
}

function send(reply: FastifyReply, statusCode: number, message: string) {
  return reply.status(statusCode).send({ status: 'error', error_msg: message });
}

/** The one error handler: clear 4xx messages, 503 for an unreachable database, hidden 5xx details. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return send(reply, error.statusCode, error.message);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, describeValidation(error));
    }
    // The text guard refuses such text before any query; this catches whatever slips past it.
    if (UNSTORABLE_TEXT_CODES.has(sqlState(error) as string)) {
      request.log.warn({ err: error }, 'text the database cannot store');
      return send(reply, 400, 'The request contains text that cannot be stored.');
    }
    if (isDatabaseUnavailable(error) || isDatabaseTimeout(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, 503, UNREACHABLE_MESSAGE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, clientErrorMessage(error));
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'Something went wrong on our side. Please try again later.');
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: send JSON (application/json).`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return error.message;
  }
}
