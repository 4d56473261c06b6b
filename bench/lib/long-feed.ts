import { launchChromium, PHONE_SCREEN } from './phone-browser.ts';

/** What a reader's long session on a feed costs the main thread, at a phone's CPU slowdown. */
export interface LongFeedSession {
  /** Cards on the page when the interactions started. */
  cards: number;
  /** Switching the colour scheme to dark (Layout settings → Dark): the longest task, ms. */
  schemeTaskMs: number;
  /** The same click as an interaction: event to the next paint, ms (INP's measure). */
  schemeEventMs: number;
  /** End: the feed's next page asked for and drawn below the cards: the longest task, ms. */
  endTaskMs: number;
  /** Cards once End's page was drawn. */
  cardsAfterEnd: number;
}

const OBSERVERS = `
  window.__session = { tasks: [], events: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__session.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__session.events.push([e.startTime, e.duration]);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
`;

type Entries = [number, number][];

function longestSince(entries: Entries, since: number): number {
  return Math.round(Math.max(0, ...entries.filter(([at]) => at >= since).map(([, ms]) => ms)));
}

/**
 * A reader scrolls a feed until it holds `cards` cards (at full speed: the growing is not what is
 * measured), goes back to the top, and then, with the CPU slowed down `cpuSlowdown` times, switches
 * the colour scheme to dark and presses End, which brings the next page. 412 × 823 at 1.75×, as
 * the mobile profile; Chromium at CHROME_PATH.
 */
export async function measureLongFeed(
  url: string,
  cards: number,
  cpuSlowdown: number,
): Promise<LongFeedSession> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ ...PHONE_SCREEN, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.addInitScript(OBSERVERS);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const articles = page.locator('main article');
    await articles.first().waitFor({ timeout: 60_000 });
    for (let presses = 0; presses < 60 && (await articles.count()) < cards; presses += 1) {
      await page.keyboard.press('End');
      await page.waitForTimeout(400);
    }
    await page.keyboard.press('Home');
    await page.waitForTimeout(1000);
    const shown = await articles.count();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.getByRole('button', { name: 'Layout settings' }).click();
    const dark = page.getByText('Dark', { exact: true });
    await dark.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    // Found before the measure starts and clicked as a mouse would: Playwright's search by text
    // walks the whole page in a task of its own (over 100 ms at 4× on 40 cards), not the page's.
    const box = await dark.boundingBox();
    if (box === null) throw new Error('The Dark choice is not on the screen');
    const beforeScheme = await page.evaluate(() => performance.now());
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(2000);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1000);
    const beforeEnd = await page.evaluate(() => performance.now());
    await page.keyboard.press('End');
    // Polled from here: the page's CSP refuses Playwright's string evaluation.
    for (let waits = 0; waits < 300 && (await articles.count()) <= shown; waits += 1) {
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(2000);
    const session = await page.evaluate<{ tasks: Entries; events: Entries }>('window.__session');
    const sinceEnd = session.tasks.filter(([at]) => at >= beforeEnd);
    return {
      cards: shown,
      schemeTaskMs: longestSince(
        session.tasks.filter(([at]) => at < beforeEnd),
        beforeScheme,
      ),
      schemeEventMs: longestSince(
        session.events.filter(([at]) => at < beforeEnd),
        beforeScheme,
      ),
      endTaskMs: longestSince(sinceEnd, beforeEnd),
      cardsAfterEnd: await articles.count(),
    };
  } finally {
    await browser.close();
  }
}
