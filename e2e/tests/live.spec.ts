import type { Page } from '@playwright/test';
import { expect, registerAndLogin, serverNow, test } from '../fixtures.ts';
import { serverDatabase } from '../server-database.ts';

/** One event the page's EventSource heard (recorded by `recordLiveEvents`). */
type HeardEvent = { name: string; data: { id?: string; stage?: string; topic?: string } };

/**
 * Wraps the page's EventSource so the test can read what the live stream delivered: proof that
 * an update came over the stream and not from a poll.
 */
async function recordLiveEvents(page: Page) {
  await page.addInitScript(() => {
    const Native = window.EventSource;
    const heard: unknown[] = [];
    (window as unknown as { __liveHeard: unknown[] }).__liveHeard = heard;
    class Recording extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        for (const name of ['ready', 'prompts', 'alerts']) {
          this.addEventListener(name, (event) => {
            heard.push({ name, data: JSON.parse((event as MessageEvent<string>).data) as unknown });
          });
        }
      }
    }
    window.EventSource = Recording;
  });
  return () =>
    page.evaluate(() => (window as unknown as { __liveHeard: HeardEvent[] }).__liveHeard);
}

/** The logged-in user's id, from the session the login page stored. */
async function currentUserId(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('userToken'));
  const res = await page.request.get('/api/user/get/me', {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { current_user: { id: string } }).current_user.id;
}

test.describe('live updates', () => {
  test("a new article shows the 'N new articles' bar on the open AI feed; clicking it shows the article", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const live = page.waitForResponse((res) => res.url().includes('/api/live?topics=news'));
    await page.goto('/news/latest_ai');
    await expect(page.getByRole('heading', { name: 'AI news feed' })).toBeVisible();
    expect((await live).headers()['content-type']).toContain('text/event-stream');
    const firstCard = page.getByRole('article').first();
    await expect(firstCard).toBeVisible();
    const firstBefore = await firstCard.getByRole('heading', { level: 2 }).innerText();

    // A wire stores an article; the worker's analyst enriches it (every minute) and publishes.
    const title = `Live wire ${Date.now().toString(36)}: chip maker raises its outlook`;
    const guid = `live-${Date.now().toString(36)}`;
    const db = await serverDatabase();
    try {
      await db.query(
        `insert into news (link, guid, title, description, publisher, creation_date,
           related_exchange_tickers, status, source)
         values ($1, $2, $3, $4, 'E2E Wire', $5, $6, 'WAITING_INDEX', 'e2e')`,
        [
          `https://wire.example/${guid}`,
          guid,
          title,
          'The chip maker raised its full-year revenue outlook on strong data-centre demand.',
          serverNow(),
          ['NASDAQ:NVDA'],
        ],
      );
    } finally {
      await db.end();
    }

    const bar = page.getByRole('button', { name: /^\d+ new articles?$/ });
    await expect(bar).toBeVisible({ timeout: 120_000 });
    // Nothing moved: the list still starts with the same article.
    await expect(firstCard.getByRole('heading', { level: 2 })).toHaveText(firstBefore);
    await page.screenshot({ path: '.tmp/live-bar-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(bar).toBeInViewport();
    await page.screenshot({ path: '.tmp/live-bar-390-dark.png' });

    await bar.click();
    await expect(bar).toBeHidden();
    const shownNow = page
      .getByRole('article')
      .filter({ has: page.locator(`a[href="https://wire.example/${guid}"]`) });
    await expect(shownNow).toBeVisible();
    await page.screenshot({ path: '.tmp/live-shown-1366.png' });
  });

  test("a prompt's answer arrives over the live stream while the 5 s poll and the prompt's own stream are blocked", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const heard = await recordLiveEvents(page);
    await registerAndLogin(page);
    // The §9 poll and the per-prompt stream are the fallback: here they fail, and are counted.
    const fallback: string[] = [];
    await page.route(/\/api\/prompts\/(get|stream)\//, async (route) => {
      fallback.push(route.request().url());
      await route.abort();
    });
    await page.goto('/pages/ai_chat');
    await expect(
      page.getByRole('heading', { name: 'Your Portfolio Questions and Answers' }),
    ).toBeVisible();
    // The stream is up (its `ready`), with the caller's prompts topic.
    await expect
      .poll(async () => (await heard()).some((e) => e.name === 'ready'), { timeout: 20_000 })
      .toBe(true);

    await page.getByRole('textbox', { name: 'Your question' }).fill('How is my portfolio doing?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('For information only, not financial advice.')).toBeVisible({
      timeout: 60_000,
    });
    const prompts = (await heard()).filter((e) => e.name === 'prompts');
    const id = prompts.find((e) => e.data.stage === 'answered')?.data.id;
    expect(id, JSON.stringify(prompts)).toBeTruthy();
    const stages = prompts.filter((e) => e.data.id === id).map((e) => e.data.stage);
    expect(stages).toContain('writing');
    expect(stages).toContain('text');
    expect(fallback).toEqual([]);
    await page.screenshot({ path: '.tmp/live-prompt-1366.png' });
  });

  test('an instant alert for the signed-in user shows as a bottom-right toast with the bell', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const heard = await recordLiveEvents(page);
    await registerAndLogin(page);
    const userId = await currentUserId(page);
    const token = await page.evaluate(() => window.localStorage.getItem('userToken'));
    const watched = await page.request.get(
      '/api/ticker/user/watchlist/append/default/NASDAQ:AAPL',
      {
        headers: { Authorization: `Bearer ${token ?? ''}` },
      },
    );
    expect(watched.ok(), await watched.text()).toBe(true);

    const title = `Apple raises its full-year guidance ${Date.now().toString(36)}`;
    const guid = `live-alert-${Date.now().toString(36)}`;
    const db = await serverDatabase();
    try {
      // A plan with instant alerts, asked for (as the profile and a checkout would set them).
      await db.query(
        `update users set subscription = 'tier3_monthly', subscription_status = 'active',
           my_instant_alerts = true, is_email_validated = true where id = $1`,
        [userId],
      );
      await page.goto('/news/latest');
      await expect
        .poll(async () => (await heard()).some((e) => e.name === 'ready'), { timeout: 20_000 })
        .toBe(true);
      // A wire stores a material story on the listing; the analyst (every minute) rates it and
      // the fan-out alerts its watchers.
      await db.query(
        `insert into news (link, guid, title, description, publisher, creation_date,
           related_exchange_tickers, status, source)
         values ($1, $2, $3, $4, 'E2E Wire', $5, $6, 'WAITING_INDEX', 'e2e')`,
        [
          `https://wire.example/${guid}`,
          guid,
          title,
          'Apple raised its full-year revenue outlook on strong demand for its devices.',
          serverNow(),
          ['NASDAQ:AAPL'],
        ],
      );
    } finally {
      await db.end();
    }

    const toast = page.getByRole('alert').filter({ hasText: /Defcon \d alert · NASDAQ:AAPL/ });
    await expect(toast).toBeVisible({ timeout: 150_000 });
    await expect(toast.getByRole('link', { name: 'Read the article' })).toBeVisible();
    expect((await heard()).some((e) => e.name === 'alerts')).toBe(true);
    const box = await toast.boundingBox();
    expect(box && box.x + box.width).toBeGreaterThan(1366 / 2);
    expect(box && box.y).toBeGreaterThan(900 / 2);
    await page.screenshot({ path: '.tmp/live-alert-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: '.tmp/live-alert-390-dark.png' });
    await toast.getByRole('link', { name: 'Read the article' }).click();
    await expect(page).toHaveURL(/\/news\/view\?id=/);
  });
});
