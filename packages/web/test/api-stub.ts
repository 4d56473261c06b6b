import { vi } from 'vitest';
import type { User } from '@app/shared/api/users';

/** One request the app made through `fetch`. */
export interface ApiCall {
  method: string;
  /** Path without the query, e.g. '/api/user/login'. */
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** Makes the request fail as if the server could not be reached. */
export const UNREACHABLE = Symbol('unreachable');

export type StubResponse = { status?: number; body: unknown } | typeof UNREACHABLE;
export type StubHandler = (call: ApiCall) => StubResponse | Promise<StubResponse>;

/**
 * Replaces `fetch` with a tiny API: `routes` maps 'METHOD /api/path' to a JSON body (HTTP 200) or
 * a handler. Unknown routes answer 404. Returns the recorded calls.
 */
export function stubApi(routes: Record<string, StubHandler | object>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: ApiCall = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const result: StubResponse =
      route === undefined
        ? {
            status: 404,
            body: { status: 'error', error_msg: `No stub for ${method} ${url.pathname}` },
          }
        : typeof route === 'function'
          ? await (route as StubHandler)(call)
          : { body: route };
    if (result === UNREACHABLE) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(result.body), {
      status: result.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** Calls to 'METHOD /api/path'. */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

let counter = 0;

/** A complete user as the API returns it. */
export function makeUser(overrides: Partial<User> = {}): User {
  counter += 1;
  const username = overrides.username ?? `user${String(counter)}`;
  return {
    id: `id-${username}`,
    username,
    email: `${username}@example.com`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: '',
    address: '',
    city: '',
    country: '',
    postal_code: '',
    about_me: '',
    share_referral_code: `REF-${username.toUpperCase()}`,
    my_telegram_chat_id: '',
    my_debug_interface: false,
    my_dev_interface: false,
    my_clickbait: false,
    my_email_summary: true,
    my_email_alerts_daily: false,
    my_instant_alerts: false,
    my_email_replies: false,
    is_admin: false,
    is_email_validated: false,
    is_valid: false,
    validation_status: 'none',
    subscription: '',
    subscription_status: '',
    creation_date: 1_700_000_000,
    last_access_date: null,
    last_email_date: null,
    ...overrides,
  };
}

/** Stores a logged-in session for `user`, as a login would. */
export function storeLoggedIn(user: User, token = 'token-1'): void {
  window.localStorage.setItem('userToken', token);
  window.localStorage.setItem('userName', user.username);
  window.localStorage.setItem('userData', JSON.stringify(user));
}

export function success(payload: object = {}) {
  return { status: 'success', ...payload };
}

export function failure(status: number, message: string): StubResponse {
  return { status, body: { status: 'error', error_msg: message } };
}
