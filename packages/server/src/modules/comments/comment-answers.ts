import { notFound } from '../../http/errors.ts';

/** How long a thread's article stays known as visible, and a listing of reports or replies kept. */
export const VISIBILITY_TTL_MS = 5_000;

export const articleMissing = () => notFound('Article not found.');
export const commentMissing = () => notFound('Comment not found.');
