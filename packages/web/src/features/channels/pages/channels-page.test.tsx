import type { Channel, ChannelPost } from '@app/shared/api/telegram';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';

const NOW = 1_795_600_000;

/** An admin's server with one channel and its posts; it applies adds and switches. */
function channelsServer({ botEnabled = true }: { botEnabled?: boolean } = {}) {
  const admin = makeUser({ username: 'root', is_admin: true });
  storeLoggedIn(admin);
  let channels: Channel[] = [
    {
      id: 'c1',
      chat_id: '@stockpulse_news',
      title: 'StockPulse public',
      kinds: ['alert', 'brief'],
      enabled: true,
      created_at: NOW - 86_400,
    },
  ];
  const posts: ChannelPost[] = [
    {
      id: '2',
      channel_id: 'c1',
      channel_title: 'StockPulse public',
      kind: 'brief',
      text: 'Chipmakers lead the market higher',
      status: 'sent',
      error: null,
      created_at: NOW - 60,
    },
    {
      id: '1',
      channel_id: 'c1',
      channel_title: 'StockPulse public',
      kind: 'alert',
      text: 'DEFCON 1: ACME halts trading',
      status: 'failed',
      error: '403: Forbidden: bot is not a member of the channel chat',
      created_at: NOW - 600,
    },
  ];
  const api = stubApi({
    'GET /api/user/get/me': success({ current_user: admin }),
    'GET /api/telegram/info': success({
      enabled: botEnabled,
      bot_username: botEnabled ? 'StockPulseTestBot' : null,
      community_url: null,
      channel_url: null,
    }),
    'GET /api/channels/list': () => ({ body: success({ channels, enabled: botEnabled }) }),
    'GET /api/channels/posts': success({ posts }),
    'POST /api/channels/add': (call: ApiCall) => {
      const body = call.body as { chat_id: string; title: string; kinds: Channel['kinds'] };
      const channel: Channel = { id: 'c2', ...body, enabled: true, created_at: NOW };
      channels = [...channels, channel];
      return { body: success({ channel }) };
    },
    'POST /api/channels/set/c1': (call: ApiCall) => {
      channels = channels.map((c) => (c.id === 'c1' ? { ...c, ...(call.body as object) } : c));
      return { body: success({ channel: channels[0] }) };
    },
    'POST /api/channels/test/c1': success({ message: 'Test post sent.' }),
  });
  return api;
}

async function openChannels() {
  renderRoute('/channels/list');
  // A lazy page on a busy machine: give it time.
  await screen.findByRole('heading', { name: 'Channels', level: 1 }, { timeout: 5_000 });
  return userEvent.setup();
}

describe('/channels/list', () => {
  it('lists the channels and the last posts, failures with their reason', async () => {
    channelsServer();
    await openChannels();
    const row = await screen.findByRole(
      'listitem',
      { name: 'StockPulse public' },
      { timeout: 5_000 },
    );
    expect(within(row).getByText('@stockpulse_news')).toBeTruthy();
    expect(within(row).getByRole<HTMLInputElement>('switch').checked).toBe(true);
    const posts = screen.getByRole('region', { name: 'Last posts' });
    expect(await within(posts).findByText('Chipmakers lead the market higher')).toBeTruthy();
    expect(within(posts).getByText('failed')).toBeTruthy();
    expect(
      within(posts).getByText('403: Forbidden: bot is not a member of the channel chat'),
    ).toBeTruthy();
    expect(screen.getByText('Bot running')).toBeTruthy();
  }, 15_000);

  it('disables a channel, sends a test post and adds a channel', async () => {
    const api = channelsServer();
    const user = await openChannels();
    const row = await screen.findByRole(
      'listitem',
      { name: 'StockPulse public' },
      { timeout: 5_000 },
    );
    await user.click(within(row).getByRole('switch'));
    await waitFor(() => {
      expect(api.callsTo('POST /api/channels/set/c1')[0]?.body).toEqual({ enabled: false });
    });
    expect(await within(row).findByText('Disabled')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Test post' }));
    expect(await screen.findByText('Test post sent.')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add a channel' });
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    expect(await within(form).findByText(/chat id \(digits\) or an @channelname/)).toBeTruthy();
    expect(api.callsTo('POST /api/channels/add')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Chat id or @name'), '-1001234567890');
    await user.type(within(form).getByLabelText('Title'), 'Briefs group');
    await user.click(within(form).getByLabelText('Defcon-1 alerts'));
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    await waitFor(() => {
      expect(api.callsTo('POST /api/channels/add')[0]?.body).toEqual({
        chat_id: '-1001234567890',
        title: 'Briefs group',
        kinds: ['brief'],
      });
    });
    expect(await screen.findByRole('listitem', { name: 'Briefs group' })).toBeTruthy();
  }, 20_000);

  it('says when the bot is off, and offers no test post', async () => {
    channelsServer({ botEnabled: false });
    await openChannels();
    expect(await screen.findByText(/The Telegram bot is not set up on this server/)).toBeTruthy();
    const row = await screen.findByRole(
      'listitem',
      { name: 'StockPulse public' },
      { timeout: 5_000 },
    );
    expect(within(row).getByRole<HTMLButtonElement>('button', { name: 'Test post' }).disabled).toBe(
      true,
    );
  }, 15_000);
});
