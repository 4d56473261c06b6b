import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import { makeReferrals } from '../../../../test/fixtures/billing';
import { renderRoute } from '../../../../test/render';
import { CODE_COPIED, referralLink } from '../components/referral-share';

const REFERRALS = 'GET /api/payment/referrals';

function loggedIn(username = 'ada_l') {
  const user = makeUser({ username, share_referral_code: 'ADA-REF-42' });
  storeLoggedIn(user);
  return { 'GET /api/user/get/me': success({ current_user: user }) };
}

describe('/affiliates', () => {
  it('states every number of the programme and asks visitors to log in or register', async () => {
    const api = stubApi({});
    renderRoute('/affiliates');
    const terms = await screen.findByRole('region', { name: 'How the programme works' });
    const text = terms.textContent;
    expect(text).toContain('1 free month for each friend you refer');
    expect(text).toContain('20% commission');
    expect(text).toContain('for their first 12 months');
    expect(text).toContain('A €50 bonus for every 5 referrals');
    expect(text).toContain('used StockPulse for 3 months');
    expect(text).toContain('15% commission, plus a €500 bonus after 3 large sales');
    expect(screen.getByText('Please login or register to access this functionality.')).toBeTruthy();
    expect(api.callsTo(REFERRALS)).toHaveLength(0);
  });

  it('gives a user the share link, copies it and the code, and lists the ledger', async () => {
    const show = vi.spyOn(notifications, 'show');
    const api = stubApi({
      ...loggedIn(),
      [REFERRALS]: success(makeReferrals({ earned_cents: 1_250 })),
    });
    renderRoute('/affiliates');
    const events = userEvent.setup();

    const link = await screen.findByRole('textbox', { name: 'Your referral link' });
    const expected = `${window.location.origin}/register?ref=ADA-REF-42&user_ref=ada_l`;
    expect((link as HTMLInputElement).value).toBe(expected);
    expect(api.callsTo(REFERRALS)).toHaveLength(1);

    await events.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Link copied to clipboard' }),
      ),
    );
    expect(await navigator.clipboard.readText()).toBe(expected);

    await events.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText(CODE_COPIED)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('ADA-REF-42');
    // Spec §9: the copy message goes after 3 s.
    await waitFor(() => expect(screen.queryByText(CODE_COPIED)).toBeNull(), { timeout: 4_000 });

    const earned = screen.getByRole('region', { name: 'Your referrals and earnings' });
    expect(within(earned).getByText('€12.50')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Reward ledger' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]?.textContent).toContain('Commission');
    expect(rows[2]?.textContent).toContain('€2.00');
    show.mockRestore();
  });

  it('leaves out user_ref when the username is an e-mail; tells a user without rewards so', async () => {
    expect(referralLink('https://stockpulse.app', 'C1', 'ada@example.com')).toBe(
      'https://stockpulse.app/register?ref=C1',
    );
    // An alternate domain becomes the main one (spec §2 share card).
    expect(referralLink('https://www.stockpulse.app', 'C1', 'ada')).toBe(
      'https://stockpulse.app/register?ref=C1&user_ref=ada',
    );
    stubApi({
      ...loggedIn('ada@example.com'),
      [REFERRALS]: success(
        makeReferrals({ referred: 0, qualified: 0, earned_cents: 0, ledger: [] }),
      ),
    });
    renderRoute('/affiliates');
    const link = await screen.findByRole('textbox', { name: 'Your referral link' });
    expect((link as HTMLInputElement).value).toBe(
      `${window.location.origin}/register?ref=ADA-REF-42`,
    );
    expect(screen.getByText(/No rewards yet/)).toBeTruthy();
  });
});
