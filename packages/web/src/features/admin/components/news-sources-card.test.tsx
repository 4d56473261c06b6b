import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NewsSourceView } from '@app/shared/api/news-sources';
import { stubApi, success } from '../../../../test/api-stub';
import { renderWithProviders } from '../../../../test/render';
import { NewsSourcesCard } from './news-sources-card';

const nowSeconds = () => Math.floor(Date.now() / 1000);

const source = (overrides: Partial<NewsSourceView> = {}): NewsSourceView => ({
  id: 's1',
  name: 'rss:https://wire.example/rss',
  url: 'https://wire.example/rss',
  title: 'Wire',
  origin: 'admin',
  state: 'active',
  health: 'failing',
  last_fetch: nowSeconds() - 120,
  failing_since: nowSeconds() - 3 * 3600,
  next_fetch: nowSeconds() + 600,
  last_http_status: 503,
  last_error: 'HTTP 503',
  served_with_errors: false,
  failures: 2,
  interval_seconds: 300,
  items_day: 4,
  items_week: 19,
  ...overrides,
});

describe('the admin panel’s news sources', () => {
  it('lists each feed with its health, last fetch, HTTP code, counts and last error', async () => {
    stubApi({ 'GET /api/admin/news-sources': success({ sources: [source()] }) });
    renderWithProviders(<NewsSourcesCard />);
    const table = await screen.findByRole('table', { name: 'News sources' });
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Failing')).toBeTruthy();
    expect(within(row).getByText('since 3 hours ago')).toBeTruthy();
    expect(within(row).getByText('2 minutes ago')).toBeTruthy();
    expect(within(row).getByText('503')).toBeTruthy();
    expect(within(row).getByText('4 / 19')).toBeTruthy();
    expect(within(row).getByText('HTTP 503')).toBeTruthy();
  });

  it('tests a feed and shows what it would store, estimated dates marked, before adding it', async () => {
    const api = stubApi({
      'GET /api/admin/news-sources': success({ sources: [] }),
      'POST /api/admin/news-sources/test': success({
        url: 'https://new.example/rss',
        http_status: 200,
        feed_title: 'New Wire',
        error: null,
        items: [
          {
            title: 'Dated story',
            link: 'https://new.example/1',
            publisher: 'New Wire',
            date: nowSeconds() - 86_400,
            date_estimated: false,
          },
          {
            title: 'Undated story',
            link: 'https://new.example/2',
            publisher: 'New Wire',
            date: nowSeconds(),
            date_estimated: true,
          },
        ],
      }),
      'POST /api/admin/news-sources': success({
        source: source({ url: 'https://new.example/rss' }),
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NewsSourcesCard />);
    await user.type(screen.getByLabelText('Feed URL'), 'ftp://new.example/rss');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(
      screen.getByText('Enter an http:// or https:// URL without a user name or password.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/admin/news-sources/test')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Feed URL'));
    await user.type(screen.getByLabelText('Feed URL'), 'https://new.example/rss');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText(/New Wire answered HTTP 200 with 2 items/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Undated story' })).toBeTruthy();
    expect(screen.getByText('date estimated')).toBeTruthy();
    expect(screen.getByText(/first seen just now/)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/news-sources')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Add source' }));
    expect(api.callsTo('POST /api/admin/news-sources')[0]?.body).toEqual({
      url: 'https://new.example/rss',
    });
  });
});
