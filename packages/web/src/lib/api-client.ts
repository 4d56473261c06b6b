import type { z } from 'zod';
import { reloadPage } from './browser';
import { clearStoredSession, getStoredToken } from './session';
import { showErrorToast } from './toast';

/** Base path of every API call (architecture §5). */
export const API_BASE = '/api';

export const SERVER_UNAVAILABLE_MESSAGE = 'Unable to connect to the server.';
export const NETWORK_FAILURE_MESSAGE = 'Unable to connect to the server. Please try again later.';

export type ApiStatus = 'success' | 'deleted' | 'error';

/** The envelope every API response is wrapped in; the payload sits next to `status`. */
export interface ApiEnvelope {
  status: ApiStatus;
  error_msg?: string;
}

/** A failed call: `status` is the HTTP status (0 when the server could not be reached). */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

type QueryValue = string | number | boolean | null | undefined;
/** Query parameters; arrays repeat the key, `null` and `undefined` are left out. */
export type ApiQuery = Record<string, QueryValue | readonly QueryValue[]>;

/** How the whole response body, envelope included, is validated (and typed): one of the two. */
type ResponseSchemaOption<T> =
  | {
      schema?: z.ZodType<T>;
      loadSchema?: never;
    }
  | {
      schema?: never;
      /**
       * The schema loaded on demand, `() => import('./x-schemas').then((m) => m.xSchema)`: zod and
       * the schemas then stay out of the first load of the pages that call it. It loads while the
       * request runs; an answer is refused alike with either option.
       */
      loadSchema?: () => Promise<z.ZodType<T>>;
    };

export type ApiRequestOptions<T> = ResponseSchemaOption<T> & {
  signal?: AbortSignal;
  /** Toast 'Unable to connect…' when the server cannot be reached (default true). Pages that
   * word the failure themselves (login, register, unlock) turn it off. */
  notifyNetworkError?: boolean;
  /** On a 401 while a token is stored, clear the session and reload (default true). Calls that
   * end the session anyway (logout) turn it off. */
  handleUnauthorized?: boolean;
};

export function buildApiUrl(path: string, query?: ApiQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const search = params.toString();
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/** GET: succeeds when the envelope status is 'success' or 'deleted'. */
export function apiGet<T = ApiEnvelope>(
  path: string,
  query?: ApiQuery,
  options?: ApiRequestOptions<T>,
): Promise<T> {
  return request('GET', buildApiUrl(path, query), undefined, options);
}

/** POST with a JSON body: succeeds only when the envelope status is 'success'. */
export function apiPost<T = ApiEnvelope>(
  path: string,
  body?: unknown,
  options?: ApiRequestOptions<T>,
): Promise<T> {
  return request('POST', buildApiUrl(path), body ?? {}, options);
}

async function request<T>(
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  options: ApiRequestOptions<T> | undefined,
): Promise<T> {
  const token = getStoredToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  // Loaded alongside the request; its failure counts once the answer is there to be checked.
  const schemaLoad = options?.loadSchema?.();
  schemaLoad?.catch(() => undefined);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: method === 'POST' ? JSON.stringify(body) : null,
      signal: options?.signal ?? null,
    });
  } catch (error) {
    throw networkFailure(error, options);
  }

  if (response.status === 401 && token && options?.handleUnauthorized !== false) {
    clearStoredSession();
    reloadPage();
    throw new ApiError(401, 'Your session has expired. Please log in again.');
  }
  if (method === 'GET' && response.status === 503) {
    throw new ApiError(503, SERVER_UNAVAILABLE_MESSAGE);
  }

  const payload = await readJson(response);
  if (!isEnvelope(payload)) {
    throw new ApiError(
      response.status,
      `Unexpected response from the server (HTTP ${response.status}).`,
    );
  }
  const succeeded =
    response.ok &&
    (payload.status === 'success' || (method === 'GET' && payload.status === 'deleted'));
  if (!succeeded) {
    const message = typeof payload.error_msg === 'string' ? payload.error_msg : '';
    throw new ApiError(response.status, message || `The request failed (HTTP ${response.status}).`);
  }
  const schema = schemaLoad ? await loadedSchema(schemaLoad, options) : options?.schema;
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected response shape from ${url}`, parsed.error.issues);
    throw new ApiError(response.status, 'Unexpected response from the server.');
  }
  return parsed.data;
}

/** The on-demand schema; a chunk that cannot be fetched is a failed connection like any other. */
async function loadedSchema<T>(
  load: Promise<z.ZodType<T>>,
  options: ApiRequestOptions<T> | undefined,
): Promise<z.ZodType<T>> {
  try {
    return await load;
  } catch (error) {
    console.error('The response schema could not be loaded', error);
    throw networkFailure(error, options);
  }
}

/** The server (or a chunk of the app) could not be reached: the error to throw. */
function networkFailure<T>(error: unknown, options: ApiRequestOptions<T> | undefined): unknown {
  // A cancelled query is not a network failure: no toast.
  if (options?.signal?.aborted) return error;
  if (options?.notifyNetworkError !== false) {
    // Spec §8: a failure toast, bottom-right with the bell icon like every other.
    showErrorToast(NETWORK_FAILURE_MESSAGE, 'Connection problem');
  }
  return new ApiError(0, NETWORK_FAILURE_MESSAGE);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function isEnvelope(value: unknown): value is { status: ApiStatus; error_msg?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const { status } = value as Record<string, unknown>;
  return status === 'success' || status === 'deleted' || status === 'error';
}
