import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, makeUser, stubApi, success } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';
import { leavePage } from '../../../lib/leave-page';

vi.mock('../../../lib/leave-page', () => ({ leavePage: vi.fn() }));

const CHECKOUT = 'GET /api/payment/create_checkout_session';

async function register(url: string) {
  const view = renderRoute(url);
  await screen.findByRole('button', { name: 'Get Started' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Username/), 'ada_l');
  await user.type(screen.getByLabelText(/^First name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Password/), 'analytical');
  await user.click(screen.getByRole('button', { name: 'Get Started' }));
  return view;
}

function accountRoutes() {
  const created = makeUser({ username: 'ada_l', email: 'ada@example.com' });
  return {
    'POST /api/user/create': success({ token: 'new-token', current_user: created }),
    'GET /api/user/get/me': success({ current_user: created }),
    'GET /api/payment/status': success({
      subscription: '',
      subscription_status: '',
      entitled: false,
      current_period_end: null,
      cancel_at_period_end: false,
    }),
  };
}

afterEach(() => {
  vi.mocked(leavePage).mockClear();
});

describe('register with ?trial={tier} (spec §6)', () => {
  it('continues to the checkout of that plan once the account exists', async () => {
    const api = stubApi({
      ...accountRoutes(),
      [CHECKOUT]: (call) => {
        // The new session's token goes with the checkout call.
        expect(call.headers.get('Authorization')).toBe('Bearer new-token');
        return { body: success({ url: 'https://checkout.example/cs_trial' }) };
      },
    });
    await register('/register?trial=tier2_monthly&ref=ALICE42');

    await waitFor(() =>
      expect(leavePage).toHaveBeenCalledWith('https://checkout.example/cs_trial'),
    );
    expect(api.callsTo(CHECKOUT)[0]?.search.get('product')).toBe('tier2_monthly');
    // The server gives a first subscription its trial days when `trial` is sent.
    expect(api.callsTo(CHECKOUT)[0]?.search.get('trial')).toBe('tier2_monthly');
    expect(api.callsTo('POST /api/user/create')[0]?.body).toMatchObject({ referral: 'ALICE42' });
  });

  it('lands on /pricing when that checkout fails (only logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ ...accountRoutes(), [CHECKOUT]: () => failure(502, 'Provider down') });
    const { router } = await register('/register?trial=tier3_monthly');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(log).toHaveBeenCalled();
    expect(leavePage).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('does not start a checkout for an unknown tier', async () => {
    const api = stubApi(accountRoutes());
    const { router } = await register('/register?trial=gold');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user'));
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });
});
