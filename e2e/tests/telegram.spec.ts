import { expect, registerAndLogin, test } from '../fixtures.ts';

/** The local Bot API server global-setup started: the test plays the user in Telegram. */
const telegram = () => process.env.E2E_TELEGRAM_URL ?? '';

async function sentTo(chatId: number): Promise<string[]> {
  const res = await fetch(`${telegram()}/__sent`);
  const sent = (await res.json()) as { chat_id: string; text: string }[];
  return sent.filter((m) => m.chat_id === String(chatId)).map((m) => m.text);
}

test.describe('Telegram', () => {
  test('a user links Telegram through the deep link and sees Registered; the bot answers; Unregister', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await registerAndLogin(page);
    await page.goto('/pages/user');
    const card = page.getByRole('region', { name: 'Telegram' });
    await expect(card.getByText('Not registered')).toBeVisible();
    await expect(card.getByText(/from @StockPulseTestBot/)).toBeVisible();
    await card.getByRole('button', { name: 'Register' }).click();

    const open = card.getByRole('link', { name: 'Open Telegram' });
    await expect(open).toBeVisible();
    const href = (await open.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/t\.me\/StockPulseTestBot\?start=[A-Za-z0-9_-]+$/);
    const code = new URL(href).searchParams.get('start') ?? '';

    // The user presses Start in Telegram: the bot receives "/start <code>".
    const chatId = 900_000 + Math.floor(Math.random() * 99_999);
    await fetch(`${telegram()}/__say`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text: `/start ${code}` }),
    });
    await expect(card.getByText('Registered', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(card.getByRole('button', { name: 'Unregister' })).toBeVisible();
    await expect.poll(() => sentTo(chatId)).toEqual([expect.stringMatching(/^Registered/)]);

    // The same code a second time is refused.
    await fetch(`${telegram()}/__say`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId + 1, text: `/start ${code}` }),
    });
    await expect.poll(() => sentTo(chatId + 1)).toEqual([expect.stringMatching(/already used/)]);

    // The menus link to the community chat and the public channel (TELEGRAM_*_URL are set).
    await expect(
      page.getByRole('link', { name: 'Public channel (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://t.me/stockpulse_news');

    await card.getByRole('button', { name: 'Unregister' }).click();
    await expect(card.getByText('Not registered')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Telegram' }).getByRole('button', { name: 'Register' }),
    ).toBeVisible();
  });
});
