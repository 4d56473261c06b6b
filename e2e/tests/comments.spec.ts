import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { DELETE_CONFIRM_TEXT, VALIDATE_AS_HUMAN_TEXT } from '@app/shared/api/comments';
import { E2E_ADMIN } from '../global-setup.ts';
import { expect, test } from '../fixtures.ts';

/**
 * Comments in the browser: a validated user comments, replies, edits and deletes;
 * another user reports; the admin hides the comment from the reports queue; a visitor registers
 * and comes back to the article; an unvalidated user is shown the validation link.
 */

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root', { hasText: text });

const suffix = Date.now().toString(36);
let counter = 0;

interface Account {
  username: string;
  token: string;
}

/** Registers an account through the API (unvalidated, as every new account is). */
async function createAccount(request: APIRequestContext, name: string): Promise<Account> {
  counter += 1;
  const username = `${name}${suffix}${String(counter)}`;
  const response = await request.post('/api/user/create', {
    data: {
      email: `${username}@example.com`,
      password: 'comment-away',
      username,
      first_name: name,
      last_name: 'Tester',
      referral: '',
    },
  });
  expect(response.ok()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  return { username, token };
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/user/login', {
    data: { email: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** What the admin's Approve does: the account is validated as human. */
async function validate(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/user/admin/update', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { username: account.username, key: 'is_email_validated', value: true },
  });
  expect(response.ok()).toBe(true);
}

/** A browser page logged in as `token` (the session the login page would store). */
async function pageAs(browser: Browser, token: string | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  if (token !== null) {
    await page.addInitScript((value) => {
      if (!window.localStorage.getItem('userToken'))
        window.localStorage.setItem('userToken', value);
    }, token);
  }
  return page;
}

/** An analysed article (the server ingests and enriches the demo wire right after it starts). */
async function anArticleId(request: APIRequestContext): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          '/api/news/query?limit=1&ai_summary__ne=NULL&no_cache=1',
        );
        id = ((await response.json()) as { news: { id: string }[] }).news[0]?.id;
        return id !== undefined;
      },
      { timeout: 60_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(true);
  if (!id) throw new Error('the demo data has no analysed article');
  return id;
}

/** Opens the article's page and its Comments panel. */
async function openComments(page: Page, articleId: string): Promise<Locator> {
  await page.goto(`/news/view?id=${articleId}`);
  await page.getByRole('button', { name: /^Comment/ }).click();
  const panel = page.getByRole('region', { name: 'Comments' });
  await expect(panel).toBeVisible();
  return panel;
}

const commentBy = (scope: Page | Locator, username: string, text: string) =>
  scope.getByRole('article', { name: `Comment by ${username}` }).filter({ hasText: text });

// Each test drives two or three browsers (author, reporter, admin, visitor): more than the default 30 s
// on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.describe('comments on an article', () => {
  let articleId = '';
  let author: Account;
  const text = `Margins look strong ${suffix}`;

  test.beforeAll(async ({ request }) => {
    articleId = await anArticleId(request);
    author = await createAccount(request, 'author');
    await validate(request, author);
  });

  test('a validated user comments, replies, edits and deletes (with the confirmation)', async ({
    browser,
  }) => {
    const page = await pageAs(browser, author.token);
    const panel = await openComments(page, articleId);

    const editor = panel.getByRole('textbox', { name: 'Write a comment' });
    await expect(panel.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await editor.fill(text);
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(editor).toHaveValue('');
    const comment = commentBy(panel, author.username, text);
    await expect(comment).toBeVisible();
    // The control counts it.
    await expect(page.getByRole('button', { name: /^Comments \(\d+\)$/ })).toBeVisible();

    await comment.getByRole('button', { name: 'Reply', exact: true }).click();
    await panel
      .getByRole('textbox', { name: `Reply to ${author.username}` })
      .fill(`And guidance too ${suffix}`);
    await panel.getByRole('button', { name: 'Submit' }).click();
    const replies = panel.getByRole('list', { name: `Replies to ${author.username}` });
    const reply = commentBy(replies, author.username, `And guidance too ${suffix}`);
    await expect(reply).toBeVisible();

    await comment.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const edit = panel.getByRole('textbox', { name: 'Edit your comment' });
    await expect(edit).toHaveValue(text);
    await edit.fill(`${text} (and cash flow)`);
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expect(commentBy(panel, author.username, '(and cash flow)')).toBeVisible();
    await expect(
      commentBy(panel, author.username, '(and cash flow)').getByText('(edited)').first(),
    ).toBeVisible();

    await reply.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(DELETE_CONFIRM_TEXT)).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(reply).toHaveCount(0);
    await page.context().close();
  });

  test('another user reports the comment; the admin hides it from the reports queue', async ({
    browser,
    request,
  }) => {
    // Three browser contexts and the admin panel, whose cards all load at once on a busy machine.
    test.setTimeout(90_000);
    const reporter = await createAccount(request, 'reporter');
    await validate(request, reporter);
    const page = await pageAs(browser, reporter.token);
    const panel = await openComments(page, articleId);
    const comment = commentBy(panel, author.username, text);
    // Not the author: Report, and no Edit or Delete.
    await expect(comment.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await comment.getByRole('button', { name: 'Report', exact: true }).click();
    await panel
      .getByRole('textbox', { name: 'Why are you reporting this comment?' })
      .fill('Off topic');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Thank you, our moderators will look at it.')).toBeVisible();
    await page.context().close();

    const admin = await pageAs(browser, await adminToken(request));
    await admin.goto('/admin/panel');
    const reported = admin
      .getByRole('list', { name: 'Reported items' })
      .getByRole('listitem', { name: new RegExp(`comment by ${author.username}`) });
    await expect(reported.getByText('Off topic')).toBeVisible({ timeout: 20_000 });
    await expect(reported.getByText(reporter.username)).toBeVisible();
    await reported.getByRole('button', { name: 'Hide' }).click();
    await expect(toast(admin, 'Comment hidden')).toBeVisible();
    // Hidden by a moderator: its reports are settled and it leaves the queue.
    await expect(reported).toHaveCount(0);
    await admin.context().close();

    // Readers now get a placeholder in its place.
    const visitor = await pageAs(browser, null);
    const visitorPanel = await openComments(visitor, articleId);
    await expect(visitorPanel.getByText('[removed by a moderator]').first()).toBeVisible();
    await expect(visitorPanel.getByText(text)).toHaveCount(0);
    await visitor.context().close();
  });

  test('a visitor is sent to register and comes back to the article', async ({ browser }) => {
    const page = await pageAs(browser, null);
    const panel = await openComments(page, articleId);
    await expect(panel.getByRole('textbox')).toHaveCount(0);
    await panel.getByRole('link', { name: 'Register or log in to comment' }).click();
    await expect(page).toHaveURL(/\/register\?comment=article&next=/);
    await expect(page.getByTestId('register-banner-comment')).toBeVisible();

    const username = `visitor${suffix}`;
    await page.getByLabel(/^Email/).fill(`${username}@example.com`);
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^First name/).fill('Vera');
    await page.getByLabel(/^Last name/).fill('Visitor');
    await page.getByLabel(/^Password/).fill('just-visiting');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(new RegExp(`/news/view\\?id=${articleId}`));
    await page.context().close();
  });

  test('an unvalidated user sees the validation link instead of the editor', async ({
    browser,
    request,
  }) => {
    const newcomer = await createAccount(request, 'newcomer');
    const page = await pageAs(browser, newcomer.token);
    const panel = await openComments(page, articleId);
    await expect(panel.getByText(VALIDATE_AS_HUMAN_TEXT)).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
    await page.context().close();
  });
});
