import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newsGifResponseSchema } from '@app/shared/api/news-gif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANIMATIONS } from '../src/modules/news/animations/catalogue.ts';
import { createGiphyClient } from '../src/providers/gif/giphy.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';

describe('/api/news/gif with the bundled animations (no GIPHY key)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers the animation the keywords choose, with its alt text and the keywords', async () => {
    const res = await get('/api/news/gif?keywords=stonks,%20rocket,handshake');
    expect(res.statusCode).toBe(200);
    expect(newsGifResponseSchema.parse(res.json())).toEqual({
      status: 'success',
      gif: {
        url: '/api/news/gif/file/handshake.gif',
        title: 'Two circles merging into one',
        source: 'bundled',
        keywords: ['stonks', 'rocket', 'handshake'],
      },
    });
  });

  it('answers the calm line for keywords nothing matches', async () => {
    const res = await get('/api/news/gif?keywords=zebra');
    expect(res.json()).toMatchObject({ gif: { url: '/api/news/gif/file/flat.gif' } });
  });

  it('serves every catalogue animation as a small image/gif cached for a year', async () => {
    for (const { id } of ANIMATIONS) {
      const res = await get(`/api/news/gif/file/${id}.gif`);
      expect(res.statusCode, id).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.subarray(0, 6).toString('latin1')).toBe('GIF89a');
      expect(res.rawPayload.length).toBeLessThan(100_000);
    }
  });

  it.each([
    ['/api/news/gif', "Invalid query parameter 'keywords': is required"],
    [
      '/api/news/gif?keywords=,%20,',
      "Invalid query parameter 'keywords': must name at least one keyword",
    ],
    [
      `/api/news/gif?keywords=${Array.from({ length: 11 }, (_, i) => `w${String(i)}`).join(',')}`,
      "Invalid query parameter 'keywords': must name at most 10 keywords",
    ],
    [
      `/api/news/gif?keywords=ok,${'x'.repeat(41)}`,
      "Invalid query parameter 'keywords': each keyword must be at most 40 characters",
    ],
    ['/api/news/gif?keywords=a&size=big', "Unknown query parameter 'size'"],
  ])('answers 400 for %s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', error_msg: message });
  });

  it.each([
    '/api/news/gif/file/unknown.gif',
    '/api/news/gif/file/flat.png',
    '/api/news/gif/file/..%2F..%2Fpackage.json',
    '/api/news/gif/file/flat',
  ])('answers a JSON 404 for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', error_msg: 'Animation not found.' });
  });

  it('keeps GIPHY out of the image sources of the CSP', async () => {
    const res = await get('/api/news/gif?keywords=a');
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
  });

  it('documents both routes in OpenAPI', async () => {
    const doc = (await get('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/news/gif', '/api/news/gif/file/{file}']),
    );
  });
});

/** A local server speaking GIPHY's search format; `q` picks the behaviour. */
async function startFakeGiphy() {
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    const q = url.searchParams.get('q') ?? '';
    if (q.includes('broken')) {
      res.writeHead(500).end('oops');
      return;
    }
    if (q.includes('slow')) return; // never answers
    const data = q.includes('nothing')
      ? []
      : [
          {
            id: 'abc',
            title: q.includes('untitled') ? '' : 'Stonks GIF by Meme',
            images: {
              fixed_height: {
                url: q.includes('elsewhere')
                  ? 'https://evil.example/200.gif'
                  : 'https://media2.giphy.com/media/abc/200.gif?cid=1',
                mp4: 'https://media2.giphy.com/media/abc/200.mp4?cid=1',
                width: '356',
                height: '200',
              },
            },
          },
        ];
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ data, pagination: {}, meta: { status: 200, msg: 'OK' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    baseUrl: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('/api/news/gif with a GIPHY key', () => {
  let t: TestApp;
  let giphy: Awaited<ReturnType<typeof startFakeGiphy>>;
  beforeAll(async () => {
    giphy = await startFakeGiphy();
    t = await buildTestApp({
      env: { GIPHY_API_KEY: 'test-key', GIPHY_BASE_URL: giphy.baseUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await giphy.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('asks GIPHY with the key, the keywords, one G-rated result and maps its answer', async () => {
    const res = await get('/api/news/gif?keywords=stonks,rocket');
    expect(res.json()).toEqual({
      status: 'success',
      gif: {
        url: 'https://media2.giphy.com/media/abc/200.gif?cid=1',
        mp4: 'https://media2.giphy.com/media/abc/200.mp4?cid=1',
        title: 'Stonks GIF by Meme',
        source: 'giphy',
        keywords: ['stonks', 'rocket'],
      },
    });
    const asked = giphy.requests.at(-1);
    expect(asked?.pathname).toBe('/v1/gifs/search');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      api_key: 'test-key',
      q: 'stonks rocket',
      limit: '1',
      rating: 'g',
    });
  });

  it('answers the same keyword set, in any order or case, from the cache for an hour', async () => {
    await get('/api/news/gif?keywords=cached,one');
    const before = giphy.requests.length;
    const res = await get('/api/news/gif?keywords=One,%20CACHED');
    expect(res.json()).toMatchObject({ gif: { source: 'giphy', keywords: ['One', 'CACHED'] } });
    expect(giphy.requests.length).toBe(before);
    const row = await t.database.db
      .selectFrom('cache_entries')
      .select(['expires_at', 'fetched_at'])
      .where('key', 'like', 'news-gif:%one%')
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.fetched_at.getTime()).toBe(3_600_000);
  });

  it.each([
    ['a failing GIPHY', 'broken,handshake'],
    ['no GIPHY result', 'nothing,handshake'],
    ['a result off GIPHY’s media hosts', 'elsewhere,handshake'],
  ])('falls back to the bundled animation on %s', async (_case, keywords) => {
    const res = await get(`/api/news/gif?keywords=${keywords}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      gif: { source: 'bundled', url: '/api/news/gif/file/handshake.gif' },
    });
  });

  it('names a GIF without a title after its keywords', async () => {
    const res = await get('/api/news/gif?keywords=untitled');
    expect(res.json()).toMatchObject({ gif: { source: 'giphy', title: 'GIF: untitled' } });
  });

  it('allows images from GIPHY’s media hosts in the CSP', async () => {
    const res = await get('/api/news/gif?keywords=a');
    expect(res.headers['content-security-policy']).toContain('https://media2.giphy.com');
    expect(res.headers['content-security-policy']).not.toContain('evil.example');
  });

  it('gives up on a GIPHY that does not answer in time', async () => {
    const client = createGiphyClient({ apiKey: 'k', baseUrl: giphy.baseUrl, timeoutMs: 100 });
    await expect(client.search('slow')).rejects.toThrow();
  });
});
