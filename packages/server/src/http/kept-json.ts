import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  COMPRESS_MIN_BYTES,
  keepEncoding,
  preferredEncoding,
  sendKept,
  type KeptEncoding,
} from './compression.ts';

/** Compressed bytes of kept answers, by the answer's Buffer (answers are never written once built). */
const encodedAnswers = new WeakMap<Buffer, { br?: KeptEncoding; gzip?: KeptEncoding }>();

/**
 * An answer's bytes compressed as the compression hook would (brotli quality 2, gzip level 4),
 * once per answer Buffer: kept answers (a portfolio's snapshot and ledger, the admin pages) are
 * 7–380 KiB, which the hook compressed again on every call. An answer asked again and again is
 * compressed once more at a better ratio in the background (`sendKept`: a ledger 71 → 60 KB).
 */
export function encodedAnswer(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  let kept = encodedAnswers.get(body);
  if (!kept) {
    kept = {};
    encodedAnswers.set(body, kept);
  }
  const encoded = (kept[encoding] ??= keepEncoding(encoding, body));
  return sendKept(encoded, body).bytes;
}

/**
 * Sends kept JSON bytes as they are (a Buffer skips Fastify's serialiser; the route's response
 * schema still documents the answer in OpenAPI), compressed as the caller accepts from bytes
 * compressed once per answer (the compression hook passes an answer that already has a
 * Content-Encoding).
 */
export function sendKeptJson(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (
    !encoding ||
    request.headers['x-no-compression'] !== undefined ||
    body.length < COMPRESS_MIN_BYTES
  ) {
    return reply.send(body);
  }
  return reply.header('content-encoding', encoding).send(encodedAnswer(body, encoding));
}

/** An answer's JSON bytes, to keep and send as they are. */
export const jsonBody = (value: unknown) => Buffer.from(JSON.stringify(value));

/**
 * Sends a body serialised by the route itself: a Buffer skips Fastify's serialiser; the route's
 * response schema still documents the shape in OpenAPI.
 */
export const sendJson = (reply: FastifyReply, body: Buffer) =>
  reply.type('application/json; charset=utf-8').send(body);
