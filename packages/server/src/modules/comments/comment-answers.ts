import { notFound } from '../../http/errors.ts';

/** How long a thread's article stays known as visible, and a listing of reports or replies kept. */
export const VISIBILITY_TTL_MS = 5_000;

export const articleMissing = () => notFound('Article not found.');
export const commentMissing = () => notFound('Comment not found.');

/** JSON of a success answer, built once and sent as it is (no serialiser on the way out). */
export const successJson = (value: object) =>
  Buffer.from(JSON.stringify({ status: 'success', ...value }));
