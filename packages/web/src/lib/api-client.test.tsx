import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render';
import {
  ApiError,
  apiGet,
  apiPost,
  buildApiUrl,
  NETWORK_FAILURE_MESSAGE,
  SERVER_UNAVAILABLE_MESSAGE,
} from './api-client';
import { reloadPage } from './browser';

vi.mock('./browser', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function lastRequest(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init] = call;
  const url = input instanceof Request ? input.url : input.toString();
  return { url, init: init ?? {} };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.mocked(reloadPage).mockClear();
  notifications.clean();
});

describe('api client', () => {
  it('GETs under /api and returns the payload of a success envelope', async () => {
    respond(200, { status: 'success', news: [{ id: '1' }] });
    const result = await apiGet<{ news: { id: string }[] }>('/news/query', {
      limit: 20,
      status: ['INDEX', 'PROCESSED'],
      skip: undefined,
    });
    expect(result.news).toEqual([{ id: '1' }]);
    expect(lastRequest().url).toBe('/api/news/query?limit=20&status=INDEX&status=PROCESSED');
    expect(lastRequest().init.method).toBe('GET');
  });

  it('sends the stored token as a Bearer header, never as a query parameter', async () => {
    window.localStorage.setItem('userToken', 'secret-token');
    respond(200, { status: 'success' });
    await apiGet('/user/get/me');
    const { url, init } = lastRequest();
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer secret-token');
    expect(url).not.toContain('key=');
    expect(url).not.toContain('secret-token');
  });

  it("accepts 'deleted' as success for GET", async () => {
    respond(200, { status: 'deleted' });
    await expect(apiGet('/prompts/rm', { id: 3 })).resolves.toEqual({ status: 'deleted' });
  });

  it("accepts only 'success' for POST and sends a JSON body", async () => {
    respond(200, { status: 'success', token: 't' });
    await expect(apiPost('/user/login', { email: 'a@b.c', password: 'secret' })).resolves.toEqual({
      status: 'success',
      token: 't',
    });
    const { init } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.c', password: 'secret' }));
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');

    respond(200, { status: 'deleted' });
    const error = await rejection(apiPost('/comments/delete', { id: '1' }));
    expect(error.status).toBe(200);
  });

  it('throws ApiError(status, error_msg) for an error envelope', async () => {
    respond(409, { status: 'error', error_msg: 'Username already taken' });
    const error = await rejection(apiPost('/user/create', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Username already taken');
  });

  it("turns a 503 on GET into 'Unable to connect to the server.'", async () => {
    respond(503, { status: 'error', error_msg: 'database down' });
    const error = await rejection(apiGet('/user/get/me'));
    expect(error.status).toBe(503);
    expect(error.message).toBe(SERVER_UNAVAILABLE_MESSAGE);
  });

  it('shows a red bottom-right toast when the server cannot be reached', async () => {
    renderWithProviders(null);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await rejection(apiPost('/contact/submit', {}));
    expect(error.message).toBe(NETWORK_FAILURE_MESSAGE);
    const toast = await screen.findByText(
      'Unable to connect to the server. Please try again later.',
    );
    // Spec §8: failure toasts carry the bell icon.
    expect(
      toast.closest('.mantine-Notification-root')?.querySelector('.tabler-icon-bell'),
    ).toBeTruthy();
  });

  it('does not toast when the request was cancelled', async () => {
    const show = vi.spyOn(notifications, 'show');
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('Aborted', 'AbortError'));
    await expect(apiGet('/news/query', {}, { signal: controller.signal })).rejects.toThrow(
      'Aborted',
    );
    expect(show).not.toHaveBeenCalled();
  });

  it('on a 401 with a stored token clears userName, userToken and userData and reloads', async () => {
    window.localStorage.setItem('userToken', 'expired');
    window.localStorage.setItem('userName', 'ada');
    window.localStorage.setItem('userData', '{"username":"ada"}');
    window.localStorage.setItem('hasSeenLanding', 'true');
    respond(401, { status: 'error', error_msg: 'Invalid token' });

    const error = await rejection(apiGet('/user/get/me'));

    expect(error.status).toBe(401);
    expect(window.localStorage.getItem('userToken')).toBeNull();
    expect(window.localStorage.getItem('userName')).toBeNull();
    expect(window.localStorage.getItem('userData')).toBeNull();
    expect(window.localStorage.getItem('hasSeenLanding')).toBe('true');
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('on a 401 without a stored token only reports the error', async () => {
    respond(401, { status: 'error', error_msg: 'Login required' });
    const error = await rejection(apiGet('/prompts/query'));
    expect(error.message).toBe('Login required');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('validates the payload with an optional zod schema', async () => {
    const schema = z.object({ status: z.literal('success'), count: z.number() });
    respond(200, { status: 'success', count: 3 });
    await expect(apiGet('/x', undefined, { schema })).resolves.toEqual({
      status: 'success',
      count: 3,
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, { status: 'success', count: 'three' });
    const error = await rejection(apiGet('/x', undefined, { schema }));
    expect(error.message).toBe('Unexpected response from the server.');
  });

  it('validates the payload with a schema loaded on demand, refusing a malformed one alike', async () => {
    const schema = z.object({ status: z.literal('success'), count: z.number() });
    const loadSchema = vi.fn(() => Promise.resolve(schema));
    respond(200, { status: 'success', count: 3 });
    await expect(apiGet('/x', undefined, { loadSchema })).resolves.toEqual({
      status: 'success',
      count: 3,
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, { status: 'success', count: 'three' });
    const error = await rejection(apiGet('/x', undefined, { loadSchema }));
    expect(error.message).toBe('Unexpected response from the server.');
    expect(error.status).toBe(200);
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });

  it('loads the schema while the request runs, not after the answer', async () => {
    const order: string[] = [];
    const schema = z.object({ status: z.literal('success') });
    fetchMock.mockImplementationOnce(() => {
      order.push('fetch');
      return Promise.resolve(new Response(JSON.stringify({ status: 'success' })));
    });
    const loadSchema = () => {
      order.push('schema');
      return Promise.resolve(schema);
    };
    await apiGet('/x', undefined, { loadSchema });
    expect(order).toEqual(['schema', 'fetch']);
  });

  it("reports an error envelope's message even when the schema could not load", async () => {
    respond(404, { status: 'error', error_msg: 'Company not found' });
    const error = await rejection(
      apiGet('/x', undefined, { loadSchema: () => Promise.reject(new TypeError('chunk')) }),
    );
    expect(error).toMatchObject({ status: 404, message: 'Company not found' });
  });

  it('turns a schema that cannot be loaded into the connection failure, with its toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(null);
    respond(200, { status: 'success' });
    const error = await rejection(
      apiGet('/x', undefined, {
        loadSchema: () =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      }),
    );
    expect(error).toMatchObject({ status: 0, message: NETWORK_FAILURE_MESSAGE });
    expect(await screen.findByText(NETWORK_FAILURE_MESSAGE)).toBeTruthy();
  });

  it('reports a response that is not an envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await rejection(apiGet('/news/query'));
    expect(error.status).toBe(502);
  });

  it('builds URLs with repeated keys and without empty values', () => {
    expect(buildApiUrl('user/get/me')).toBe('/api/user/get/me');
    expect(buildApiUrl('/a', { q: 'x y', none: null, flag: true })).toBe('/api/a?q=x+y&flag=true');
  });
});
