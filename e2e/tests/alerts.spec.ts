import fs from 'node:fs/promises';
import path from 'node:path';
import { parseMail } from '../../packages/server/test/helpers/smtp.ts';
import { expect, registerAndLogin, serverNow, test } from '../fixtures.ts';
import { serverDatabase } from '../server-database.ts';

/** The local Bot API server global-setup started: the test plays the user in Telegram. */
const telegram = () => process.env.E2E_TELEGRAM_URL ?? '';
const WATCHED = 'NASDAQ:AAPL';

async function sentTo(chatId: number): Promise<string[]> {
  const res = await fetch(`${telegram()}/__sent`);
  const sent = (await res.json()) as { chat_id: string; text: string }[];
  return sent.filter((m) => m.chat_id === String(chatId)).map((m) => m.text);
}

/** Subjects of the mails the test SMTP server received for `to`. */
async function subjectsTo(to: string): Promise<string[]> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  const subjects: string[] = [];
  for (const file of (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort()) {
    const mail = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as {
      to: string[];
      raw: string;
    };
    if (mail.to.includes(to)) subjects.push(parseMail(mail.raw, '', mail.to).subject);
  }
  return subjects;
}

test.describe('instant alerts', () => {
  test('a Standard user links Telegram, gets a defcon alert on a watched company by Telegram and e-mail, and changes the alert settings', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const username = await registerAndLogin(page);
    const email = `${username}@example.com`;

    // Standard through the offline test-mode checkout.
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Buy Standard' }).click();
    await expect(page).toHaveURL(/\/api\/payment\/offline\/checkout\//);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/success/);

    // Watches Apple.
    const token = (await page.evaluate(() => localStorage.getItem('userToken'))) ?? '';
    const watched = await page.request.get(`/api/ticker/user/watchlist/append/default/${WATCHED}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(watched.ok()).toBe(true);

    // The profile: the plan includes instant alerts; the user turns them on.
    await page.goto('/pages/user');
    const settings = page.getByRole('region', { name: 'Alerts and digests' });
    await expect(settings.getByText('In your plan')).toHaveCount(3, { timeout: 20_000 });
    const prefs = page.getByRole('region', { name: 'Notifications and preferences' });
    const instant = prefs.getByRole('switch', { name: /^Instant alerts/ });
    // Mantine's transparent switch input lies over its label and track: a plain click waits until
    // it is in view, enabled, stable and not under the sticky header (`force` skipped that).
    if (!(await instant.isChecked())) await instant.click();
    await expect(instant).toBeChecked();

    // Links Telegram through the deep link: the user presses Start in Telegram.
    const card = page.getByRole('region', { name: 'Telegram' });
    await card.getByRole('button', { name: 'Register' }).click();
    const open = card.getByRole('link', { name: 'Open Telegram' });
    const code = new URL((await open.getAttribute('href')) ?? '').searchParams.get('start') ?? '';
    const chatId = 800_000 + Math.floor(Math.random() * 99_999);
    await fetch(`${telegram()}/__say`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text: `/start ${code}` }),
    });
    await expect(card.getByText('Registered', { exact: true })).toBeVisible({ timeout: 15_000 });

    // A wire stores a material story about Apple; the analyst rates it defcon 2 at its next run.
    const db = await serverDatabase();
    let articleId: string;
    try {
      const guid = `e2e-alert-${username}`;
      const stored = await db.query<{ id: string }>(
        `insert into news (link, guid, title, description, publisher, creation_date,
           related_exchange_tickers, status, source)
         values ($1, $2, $3, $4, 'E2E Wire', $5, $6, 'WAITING_INDEX', 'e2e') returning id`,
        [
          `https://wire.example/${guid}`,
          guid,
          'Apple cuts its full-year guidance as iPhone demand slows',
          'Apple cut its full-year revenue forecast on Wednesday, citing weaker iPhone demand in China.',
          serverNow(),
          [WATCHED],
        ],
      );
      articleId = stored.rows[0]?.id ?? '';
    } finally {
      await db.end();
    }

    // The alert reaches the local Bot API server and the test SMTP server.
    await expect
      .poll(() => sentTo(chatId), { timeout: 120_000, intervals: [1_000] })
      .toContainEqual(expect.stringContaining(`/news/view?id=${articleId}`));
    await expect
      .poll(() => subjectsTo(email), { timeout: 30_000, intervals: [500] })
      .toContainEqual(expect.stringMatching(/^Alert: /));

    // The settings: a toggle, the time zone, quiet hours and the hourly cap.
    const daily = prefs.getByRole('switch', { name: /^Daily e-mail alerts/ });
    const dailyWas = await daily.isChecked();
    await daily.click();
    await expect(daily).toBeChecked({ checked: !dailyWas });
    const zone = settings.getByRole('combobox', { name: 'Time zone' });
    await zone.click();
    await zone.fill('Europe/Ber');
    await page.getByRole('option', { name: 'Europe/Berlin' }).click();
    await expect(zone).toHaveValue('Europe/Berlin');
    await settings.getByRole('combobox', { name: 'Quiet from' }).click();
    await page.getByRole('option', { name: '22:00' }).click();
    await settings.getByRole('combobox', { name: 'Quiet until' }).click();
    await page.getByRole('option', { name: '07:00' }).click();
    const cap = settings.getByRole('textbox', { name: 'Instant alerts per hour, at most' });
    await cap.fill('4');
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/alerts/settings') && res.request().method() === 'POST',
    );
    await cap.press('Enter');
    expect((await saved).ok()).toBe(true);
    await expect(settings.getByRole('combobox', { name: 'Quiet until' })).toHaveValue('07:00');

    await page.reload();
    const again = page.getByRole('region', { name: 'Alerts and digests' });
    await expect(again.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    await expect(again.getByRole('combobox', { name: 'Quiet from' })).toHaveValue('22:00');
    await expect(again.getByRole('combobox', { name: 'Quiet until' })).toHaveValue('07:00');
    await expect(
      again.getByRole('textbox', { name: 'Instant alerts per hour, at most' }),
    ).toHaveValue('4');
    await expect(
      page
        .getByRole('region', { name: 'Notifications and preferences' })
        .getByRole('switch', { name: /^Daily e-mail alerts/ }),
    ).toBeChecked({ checked: !dailyWas });
  });
});
