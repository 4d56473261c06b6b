import { CHAT_PERSONAS } from '@app/shared/api/prompts';
import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test } from '../fixtures.ts';

const PERSONAS = CHAT_PERSONAS;

const NOT_ADVICE = 'For information only, not financial advice.';

/** Puts symbols on the logged-in user's default watchlist through the API, as the app would. */
async function watch(page: Page, symbols: readonly string[]) {
  const token = await page.evaluate(() => window.localStorage.getItem('userToken'));
  for (const symbol of symbols) {
    const res = await page.request.get(`/api/ticker/user/watchlist/append/default/${symbol}`, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

test.describe('the AI assistant', () => {
  test('visitors see the login prompt on the AI pages and the AI chat link', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/pages/ai_chat');
    await expect(
      page.getByText('Please login or register to access this functionality.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'AI Chat' }).first()).toBeVisible();
    await page.goto('/pages/prompt');
    await expect(
      page.getByText('Please login or register to access this functionality.'),
    ).toBeVisible();
  });

  test('a user asks about the portfolio in each persona and gets a cited answer', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await registerAndLogin(page);
    await watch(page, ['NASDAQ:AAPL', 'NASDAQ:MSFT']);
    await page.goto('/pages/ai_chat');
    await expect(
      page.getByRole('heading', { name: 'Your Portfolio Questions and Answers' }),
    ).toBeVisible();
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();

    for (const [index, persona] of PERSONAS.entries()) {
      await page.getByLabel('Persona', { exact: true }).and(page.locator('input')).click();
      await page.getByRole('option', { name: persona }).click();
      await page.getByRole('textbox', { name: 'Your question' }).fill('How is my portfolio doing?');
      await send.click();
      // The new exchange: the persona's badge, then an answer ending with the not-advice line.
      await expect(page.getByText(NOT_ADVICE)).toHaveCount(index + 1, { timeout: 20_000 });
    }
    // Every answer cites its sources: the first marker of the last answer opens a company page.
    const answers = page.getByText(NOT_ADVICE);
    await expect(answers).toHaveCount(PERSONAS.length);
    await expect(page.getByText(/^Parody voice:/)).toBeVisible();
    const marker = page.getByRole('link', { name: '[1]' }).last();
    await expect(marker).toHaveAttribute(
      'href',
      /^\/(ticker\/NASDAQ:(AAPL|MSFT)|news\/view\?id=|analysis\/)/,
    );
    await expect(page.getByText('Sources').first()).toBeVisible();
    await expect(page.getByText(/NASDAQ:AAPL quote as of/).first()).toBeVisible();
  });

  test('the prompt editor answers, saves the e-mail summary, and removes all after the confirmation', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await registerAndLogin(page);
    await watch(page, ['NYSE:KO']);
    await page.getByRole('link', { name: 'AI prompt' }).first().click();
    await expect(page).toHaveURL(/\/pages\/prompt$/);
    await expect(page.getByText(/You are on the free plan/)).toBeVisible();

    await page.getByRole('textbox', { name: 'Your prompt' }).fill('Summarise my portfolio');
    await page.getByRole('button', { name: 'Ask' }).click();
    const card = page.getByRole('article', { name: 'Prompt: Summarise my portfolio' });
    await expect(card.getByText(NOT_ADVICE)).toBeVisible({ timeout: 20_000 });
    await expect(card.getByRole('link', { name: /NYSE:KO quote as of/ })).toHaveAttribute(
      'href',
      '/ticker/NYSE:KO',
    );

    await page.getByRole('textbox', { name: 'Your prompt' }).fill('My weekly digest');
    await page.getByRole('button', { name: 'Save as e-mail summary' }).click();
    const digest = page.getByRole('article', { name: 'Prompt: My weekly digest' });
    await expect(digest.getByText('E-mail summary')).toBeVisible();

    await page.getByRole('button', { name: 'Remove all' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to proceed?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove all' }).click();
    await expect(page.getByRole('article', { name: /^Removed prompt/ })).toHaveCount(2);
    await page.reload();
    await expect(
      page.getByText('No prompts yet. Write one above: the answer appears here.'),
    ).toBeVisible();
  });

  test('a draft with its own system text survives a reload and is answered', async ({ page }) => {
    test.setTimeout(90_000);
    await registerAndLogin(page);
    await page.goto('/pages/prompt');
    await page.getByRole('textbox', { name: 'Your prompt' }).fill('What should I watch this week?');
    await page.getByLabel('Persona', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: 'My own system text' }).click();
    await page
      .getByRole('textbox', { name: 'Your system text' })
      .fill('Answer as a cautious income investor.');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Your prompt' })).toHaveValue(
      'What should I watch this week?',
    );
    await expect(page.getByRole('textbox', { name: 'Your system text' })).toHaveValue(
      'Answer as a cautious income investor.',
    );
    await page.getByRole('button', { name: 'Ask' }).click();
    const card = page.getByRole('article', { name: 'Prompt: What should I watch this week?' });
    await expect(card.getByText(NOT_ADVICE)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('textbox', { name: 'Your prompt' })).toHaveValue('');
  });

  test('the article page answers questions about that article', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const listed = await page.request.get(
      '/api/news/query?related_exchange_tickers__not__size=0&limit=1',
    );
    const [article] = ((await listed.json()) as { news: { id: string; title: string }[] }).news;
    expect(article).toBeDefined();
    const id = article?.id ?? '';

    await page.goto(`/news/view?id=${id}`);
    const panel = page.getByRole('region', { name: 'Questions about this article' });
    await expect(
      panel.getByText('Please login or register to access this functionality.'),
    ).toBeVisible();

    await registerAndLogin(page);
    await page.goto(`/news/view?id=${id}`);
    await panel
      .getByRole('textbox', { name: 'Your question about this article' })
      .fill('What does this mean for the company?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByText(NOT_ADVICE)).toBeVisible({ timeout: 20_000 });
    // The answer cites the article itself.
    await expect(panel.locator(`a[href="/news/view?id=${id}"]`).first()).toBeVisible();
  });
});
