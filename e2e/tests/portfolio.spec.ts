import { expect, registerAndLogin, serverNow, test } from '../fixtures.ts';

/** A business day before the server's "now" (the e2e server's clock is pinned), YYYY-MM-DD. */
function daysBefore(days: number): string {
  return new Date(serverNow().getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

test.describe('portfolio tracking', () => {
  test('register a purchase, then see it on the dashboard and the charts', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await registerAndLogin(page);
    await page.goto('/portfolio/register');

    const ticker = page.getByRole('combobox', { name: 'Ticker' });
    await ticker.fill('Coca-Cola');
    await page.getByRole('option', { name: /NYSE:KO/ }).click();
    await expect(page.getByText('Chosen:')).toContainText('NYSE:KO');
    await page.getByLabel('Date').fill(daysBefore(200));
    await page.getByRole('textbox', { name: /^Quantity/ }).fill('12');
    // The price is prefilled with that day's close.
    await expect(page.getByRole('textbox', { name: /^Price/ })).not.toHaveValue('');
    await page.getByRole('button', { name: 'Record the purchase' }).click();

    await expect(page.getByText('NYSE:KO').first()).toBeVisible();
    await page.goto('/dashboard');
    const holdings = page.getByRole('table', { name: /Holdings/ });
    await expect(holdings.getByRole('link', { name: 'NYSE:KO' })).toHaveAttribute(
      'href',
      '/ticker/NYSE:KO',
    );
    await expect(holdings.getByRole('cell', { name: '12', exact: true })).toBeVisible();
    await expect(page.getByText(/Average cost/i).first()).toBeVisible();

    await page.getByRole('link', { name: 'Charts' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/charts/);
    await expect(
      page.getByRole('heading', { name: 'Performance against the benchmark' }),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Consumer Staples' })).toBeVisible();
  });

  test('import a CSV: row errors block the import, a valid file is imported whole', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await registerAndLogin(page);
    await page.goto('/dashboard/import');
    const csv = page.getByRole('textbox', { name: 'Or paste it here' });
    const header = 'date,type,symbol,quantity,price,fees,currency,note';
    await csv.fill(
      `${header}\n${daysBefore(300)},buy,NASDAQ:MSFT,3,400,1,USD,first\n${daysBefore(100)},sell,NASDAQ:MSFT,5,420,1,USD,too many`,
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('table', { name: 'Import preview' });
    await expect(preview).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();

    await csv.fill(
      `${header}\n${daysBefore(300)},buy,NASDAQ:MSFT,3,400,1,USD,first\n${daysBefore(100)},sell,NASDAQ:MSFT,1,420,1,USD,trim`,
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('button', { name: 'Import' })).toBeEnabled();
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('2 transactions imported.')).toBeVisible();

    await page.goto('/dashboard');
    const holdings = page.getByRole('table', { name: /Holdings/ });
    await expect(holdings.getByRole('link', { name: 'NASDAQ:MSFT' })).toBeVisible();
    await expect(holdings.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  });

  test('add a calendar event: the dialog adds it only with a title', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await registerAndLogin(page);
    await page.goto('/dashboard/calendar');
    await page.getByRole('button', { name: 'New event' }).click();
    const dialog = page.getByRole('dialog');
    const add = dialog.getByRole('button', { name: 'Add event' });
    await expect(add).toBeDisabled();
    await dialog.getByLabel('Title').fill('Rebalance the portfolio');
    await expect(add).toBeEnabled();
    await add.click();
    await expect(dialog).toBeHidden();
    await page.getByText('Agenda', { exact: true }).click();
    await expect(page.getByText('Rebalance the portfolio').first()).toBeVisible();
  });
});
