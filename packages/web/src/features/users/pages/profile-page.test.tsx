import { USER_SETTABLE_KEYS } from '@app/shared/api/users';
import type { User } from '@app/shared/api/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';
import { LINK_POLL_MS, TELEGRAM_TEXTS } from '../components/telegram-card';

/** A server that keeps one user and applies POST /user/set/{key}; the Telegram bot runs. */
function profileServer(
  initial: Partial<User> = {},
  bot: { enabled: boolean; bot_username: string | null } = {
    enabled: true,
    bot_username: 'StockPulseTestBot',
  },
  routes: Parameters<typeof stubApi>[0] = {},
) {
  let current = makeUser({ username: 'ada', ...initial });
  const setters = Object.fromEntries(
    USER_SETTABLE_KEYS.map((key) => [
      `POST /api/user/set/${key}`,
      (call: ApiCall) => {
        const { value } = call.body as { value: string | boolean };
        current = { ...current, [key]: value };
        return { body: success({ current_user: current }) };
      },
    ]),
  );
  const api = stubApi({
    ...routes,
    ...setters,
    'GET /api/user/get/me': () => ({ body: success({ current_user: current }) }),
    'GET /api/telegram/info': success({ ...bot, community_url: null, channel_url: null }),
    'POST /api/telegram/link': success({
      url: 'https://t.me/StockPulseTestBot?start=one-time-code',
      expires_at: 1_800_000_000,
    }),
    'POST /api/telegram/unregister': () => {
      current = { ...current, my_telegram_chat_id: '' };
      return { body: success({ my_telegram_chat_id: '' }) };
    },
    'GET /api/user/validate_email': () => {
      current = { ...current, validation_status: 'email_sent' };
      return { body: success({ message: 'We sent a confirmation link to ada@example.com.' }) };
    },
  });
  storeLoggedIn(current);
  return {
    ...api,
    /** What the bot does on `/start <code>`. */
    linkChat: (chatId: string) => {
      current = { ...current, my_telegram_chat_id: chatId };
    },
  };
}

async function openProfile() {
  renderRoute('/pages/user');
  await screen.findByRole('heading', { name: 'Edit profile' }, { timeout: 5_000 });
  return userEvent.setup();
}

describe('profile page', () => {
  it('shows the user card, the read-only username and referral code', async () => {
    profileServer({ about_me: 'Value investor.' });
    await openProfile();
    const card = screen.getByRole('region', { name: 'Your card' });
    expect(within(card).getByText('AL')).toBeTruthy();
    expect(within(card).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(card).getByText('@ada')).toBeTruthy();
    expect(within(card).getByText('Value investor.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Username').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Your referral code').readOnly).toBe(true);
  });

  it('saves a text field on blur, with its key in the path', async () => {
    const api = profileServer();
    const user = await openProfile();
    await user.type(screen.getByLabelText('Company'), 'Analytical Engines');
    await user.tab();
    await waitFor(() => {
      expect(api.callsTo('POST /api/user/set/company')).toHaveLength(1);
    });
    expect(api.callsTo('POST /api/user/set/company')[0]?.body).toEqual({
      value: 'Analytical Engines',
    });
    // Leaving an unchanged field sends nothing.
    await user.click(screen.getByLabelText('Company'));
    await user.tab();
    expect(api.callsTo('POST /api/user/set/company')).toHaveLength(1);
  });

  it('saves a text field on Enter and checks the e-mail first', async () => {
    const api = profileServer();
    const user = await openProfile();
    await user.type(screen.getByLabelText('City'), 'London{Enter}');
    await waitFor(() => {
      expect(api.callsTo('POST /api/user/set/city')[0]?.body).toEqual({ value: 'London' });
    });

    const email = screen.getByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'not-an-email{Enter}');
    expect(screen.getByText('The Email must be a valid e-mail address')).toBeTruthy();
    expect(api.callsTo('POST /api/user/set/email')).toHaveLength(0);
  });

  it('saves a toggle as soon as it changes', async () => {
    const api = profileServer({ my_instant_alerts: false });
    const user = await openProfile();
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: /Instant alerts/ });
    await user.click(toggle);
    await waitFor(() => {
      expect(api.callsTo('POST /api/user/set/my_instant_alerts')[0]?.body).toEqual({ value: true });
    });
    await waitFor(() => {
      expect(toggle.checked).toBe(true);
    });
  });

  it(
    'shows the notifications a Basic plan lacks disabled with the plan that includes them; one that is on can be turned off',
    { timeout: 20_000 },
    async () => {
      const basic = {
        plan: 'tier2_monthly',
        label: 'Basic',
        instant: false,
        daily: false,
        weekly: true,
      };
      const settings = { time_zone: 'UTC', quiet_start: null, quiet_end: null, hourly_cap: 10 };
      const api = profileServer(
        { my_instant_alerts: false, my_email_alerts_daily: true, my_email_summary: false },
        undefined,
        { 'GET /api/alerts/settings': success({ settings, entitlements: basic }) },
      );
      const user = await openProfile();
      const prefs = screen.getByRole('region', { name: 'Notifications and preferences' });
      const instant = within(prefs).getByRole<HTMLInputElement>('switch', {
        name: /Instant alerts/,
      });
      await waitFor(() => {
        expect(instant.disabled).toBe(true);
      });
      expect(within(prefs).getAllByText('In Standard, not in your plan.')).toHaveLength(2);
      expect(
        within(prefs)
          .getByRole('link', { name: 'Upgrade for Instant alerts' })
          .getAttribute('href'),
      ).toBe('/pricing');
      // Included in Basic: enabled, no upgrade link.
      const weekly = within(prefs).getByRole<HTMLInputElement>('switch', { name: /Weekly e-mail/ });
      expect(weekly.disabled).toBe(false);
      expect(
        within(prefs).queryByRole('link', { name: 'Upgrade for Weekly e-mail summary' }),
      ).toBeNull();
      // On although the plan lacks it (an admin turned it on): the user may still turn it off.
      const daily = within(prefs).getByRole<HTMLInputElement>('switch', { name: /Daily e-mail/ });
      expect(daily.disabled).toBe(false);
      await user.click(daily);
      await waitFor(() => {
        expect(api.callsTo('POST /api/user/set/my_email_alerts_daily')[0]?.body).toEqual({
          value: false,
        });
      });
      await waitFor(() => {
        expect(daily.disabled).toBe(true);
      });
    },
  );

  it('registers Telegram through the one-time deep link and shows Registered once the bot links the chat', async () => {
    const api = profileServer({ my_telegram_chat_id: '' });
    const user = await openProfile();
    const card = screen.getByRole('region', { name: 'Telegram' });
    expect(within(card).getByText('Not registered')).toBeTruthy();
    expect(await within(card).findByText(/from @StockPulseTestBot/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Register' }));

    const open = await within(card).findByRole('link', { name: 'Open Telegram' });
    expect(open.getAttribute('href')).toBe('https://t.me/StockPulseTestBot?start=one-time-code');
    expect(within(card).getByText(TELEGRAM_TEXTS.waiting)).toBeTruthy();
    expect(api.callsTo('POST /api/telegram/link')).toHaveLength(1);

    // The user presses Start in Telegram: the bot stores the chat; the card finds out by itself.
    api.linkChat('123456789');
    expect(
      await within(card).findByText('Registered', {}, { timeout: LINK_POLL_MS * 3 }),
    ).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Open Telegram' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Unregister' }));
    expect(await within(card).findByRole('button', { name: 'Register' })).toBeTruthy();
    expect(within(card).getByText('Not registered')).toBeTruthy();
    expect(api.callsTo('POST /api/telegram/unregister')).toHaveLength(1);
    // Nobody types a chat id any more.
    expect(screen.queryByLabelText(/chat id/i)).toBeNull();
  }, 20_000);

  it('says honestly that the bot is off, with Register disabled', async () => {
    profileServer({ my_telegram_chat_id: '' }, { enabled: false, bot_username: null });
    await openProfile();
    const card = screen.getByRole('region', { name: 'Telegram' });
    expect(await within(card).findByText(TELEGRAM_TEXTS.off)).toBeTruthy();
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Register' }).disabled).toBe(
      true,
    );
  });

  it('copies the referral code, and says so when copying fails', async () => {
    profileServer({ share_referral_code: 'ADA-2024' });
    const user = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Copy referral code' }));
    expect(await screen.findByText('Referral code copied!')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('ADA-2024');

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy referral code' }));
    expect(await screen.findByText('Failed to copy. Please try again.')).toBeTruthy();
  });

  it('asks for the validation e-mail and shows its message', async () => {
    const api = profileServer({ validation_status: 'none' });
    const user = await openProfile();
    await user.click(
      screen.getByRole('button', { name: 'Please click here to validate you as human.' }),
    );
    expect(await screen.findByText('We sent a confirmation link to ada@example.com.')).toBeTruthy();
    expect(api.callsTo('GET /api/user/validate_email')).toHaveLength(1);
  });

  it('links a pending account to the waiting page and shows a badge once approved', async () => {
    profileServer({ validation_status: 'pending' });
    const first = renderRoute('/pages/user');
    const link = await screen.findByRole('link', { name: /waiting for an admin/ });
    expect(link.getAttribute('href')).toBe('/please_wait');
    first.unmount();

    profileServer({ validation_status: 'approved', is_email_validated: true });
    renderRoute('/pages/user');
    expect(await screen.findByText('Verified human')).toBeTruthy();
    expect(screen.queryByText('Please click here to validate you as human.')).toBeNull();
  });
});
