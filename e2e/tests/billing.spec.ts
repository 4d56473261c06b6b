import { expect, registerAndLogin, test } from '../fixtures.ts';

test.describe('plans and payments (offline test-mode checkout)', () => {
  test('a visitor is sent to register with the trial; a user pays with the test card and the plan is confirmed by the verified event', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/pricing');
    await expect(page.getByText('$10').first()).toBeVisible();
    await page.getByRole('link', { name: 'Buy Basic' }).click();
    await expect(page).toHaveURL(/\/register\?trial=tier2_monthly/);

    await registerAndLogin(page);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Buy Basic' }).click();
    await expect(page).toHaveURL(/\/api\/payment\/offline\/checkout\//);
    await expect(page.getByRole('heading', { name: 'Subscribe to Basic' })).toBeVisible();

    // The decline card changes nothing.
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    const status = await page.request.get('/api/payment/status', {
      headers: {
        Authorization: `Bearer ${(await page.evaluate(() => localStorage.getItem('userToken'))) ?? ''}`,
      },
    });
    expect(((await status.json()) as { subscription_status: string }).subscription_status).toBe('');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/success/);
    await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible();
    await expect(page.getByText('Basic').first()).toBeVisible();

    // Subscribed: the profile card manages the plan, Pricing leaves the menu.
    await page.goto('/pages/user');
    await expect(page.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
      'href',
      '/api/payment/portal',
    );
    await expect(page.getByRole('link', { name: 'Pricing', exact: true })).toHaveCount(0);
  });

  test('forged payment success is refused: the webhook checks the signature', async ({ page }) => {
    const res = await page.request.post('/api/payment/webhook', {
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      data: { id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } },
    });
    expect(res.status()).toBe(400);
  });
});
