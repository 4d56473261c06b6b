import type { ScreenerField } from '@app/shared/api/screener';

/**
 * The screener's state lives in the page's URL, written in the API's own query language
 * (`sector=Energy&market_cap__gte=10000000000&order_by=-change_pct_365&skip=25`), so a screen is
 * bookmarked, shared and sent to `/api/screener/query` as it is. These helpers read and change it.
 */

/** Rows a page shows. */
export const PAGE_SIZE = 25;

const LOWER = ['gte', 'gt'] as const;
const UPPER = ['lte', 'lt'] as const;

/** Parameters that are not filters: changing a filter or the sort keeps them (but `skip`). */
const PAGING = ['skip', 'limit'];

const numberOf = (raw: string | null) => {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
};

/** A copy of the query without `skip`: a new filter or sort starts from the first page. */
function firstPage(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('skip');
  return next;
}

/** The bounds of a range filter (`field__gte` / `__gt`, `field__lte` / `__lt`). */
export function readRange(
  params: URLSearchParams,
  field: ScreenerField,
): { min: number | null; max: number | null } {
  const first = (ops: readonly string[]) =>
    ops.map((op) => numberOf(params.get(`${field}__${op}`))).find((value) => value !== null) ??
    null;
  return { min: first(LOWER), max: first(UPPER) };
}

/** Sets a range filter's bounds (null removes one); back to the first page. */
export function withRange(
  params: URLSearchParams,
  field: ScreenerField,
  min: number | null,
  max: number | null,
): URLSearchParams {
  const next = firstPage(params);
  for (const op of [...LOWER, ...UPPER]) next.delete(`${field}__${op}`);
  if (min !== null) next.set(`${field}__gte`, String(min));
  if (max !== null) next.set(`${field}__lte`, String(max));
  return next;
}

/** The values of a list filter: a repeated `field=value` means any of them. */
export function readList(params: URLSearchParams, field: ScreenerField): string[] {
  return params.getAll(field);
}

/** Sets a list filter's values (none removes it); back to the first page. */
export function withList(
  params: URLSearchParams,
  field: ScreenerField,
  values: readonly string[],
): URLSearchParams {
  const next = firstPage(params);
  next.delete(field);
  next.delete(`${field}__in`);
  for (const value of values) next.append(field, value);
  return next;
}

/** An on/off parameter (`in_watchlist=1`). */
export const readFlag = (params: URLSearchParams, name: string) =>
  ['1', 'true'].includes(params.get(name) ?? '');

export function withFlag(params: URLSearchParams, name: string, on: boolean): URLSearchParams {
  const next = firstPage(params);
  if (on) next.set(name, '1');
  else next.delete(name);
  return next;
}

export type Sort = { field: string; direction: 'asc' | 'desc' };

/** The first `order_by` term, or null when the server's default order applies. */
export function readSort(params: URLSearchParams): Sort | null {
  const term = params.get('order_by')?.split(',')[0]?.trim();
  if (!term) return null;
  return term.startsWith('-')
    ? { field: term.slice(1), direction: 'desc' }
    : { field: term, direction: 'asc' };
}

/**
 * Sorts by a column: a new column starts from the largest (text from A), a second click turns
 * the direction round.
 */
export function withSort(
  params: URLSearchParams,
  field: ScreenerField,
  textColumn: boolean,
): URLSearchParams {
  const current = readSort(params);
  const next = firstPage(params);
  const direction =
    current?.field === field
      ? current.direction === 'desc'
        ? 'asc'
        : 'desc'
      : textColumn
        ? 'asc'
        : 'desc';
  next.set('order_by', direction === 'desc' ? `-${field}` : field);
  return next;
}

/** The page shown (1-based), from `skip`. */
export function readPage(params: URLSearchParams): number {
  const skip = numberOf(params.get('skip')) ?? 0;
  return Math.max(1, Math.floor(skip / PAGE_SIZE) + 1);
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('skip');
  else next.set('skip', String((page - 1) * PAGE_SIZE));
  return next;
}

/** The query sent to the API: the URL's, with the page size. */
export function apiQuery(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  for (const name of PAGING) if (name !== 'skip') next.delete(name);
  next.set('limit', String(PAGE_SIZE));
  return next.toString();
}

/** Whether the URL holds any filter (anything but the sort and the page). */
export function hasFilters(params: URLSearchParams): boolean {
  return [...params.keys()].some((key) => key !== 'order_by' && !PAGING.includes(key));
}
