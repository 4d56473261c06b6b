import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';

/** Lighthouse's mobile screen: a 412 × 823 viewport at 1.75 device pixels per CSS pixel. */
export const PHONE_SCREEN = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };

/** Debian's Chromium (CHROME_PATH), as the benchmarks drive it through Playwright. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}
