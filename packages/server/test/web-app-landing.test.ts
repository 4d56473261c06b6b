import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { writeWebBuild } from './helpers/web-build.ts';

/** /landing is the page the web build drew at build time (dist/landing.html). */
describe('serving the static landing page', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await writeWebBuild({
      'index.html': '<!doctype html><head><title>StockPulse</title></head><div id="root"></div>',
      'landing.html':
        '<!doctype html><head><title>StockPulse</title></head><div id="root"><h1>Static landing</h1></div>',
    });
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('answers /landing with landing.html and the page head of /landing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/landing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Static landing</h1>');
    expect(res.body).toMatch(/<title>[^<]+ · StockPulse<\/title>/);
    expect(res.body).toMatch(/<link rel="canonical" href="[^"]*\/landing"/);
  });

  it('answers every other page with the app', async () => {
    for (const url of ['/', '/about', '/landing/more']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('Static landing');
    }
  });
});
