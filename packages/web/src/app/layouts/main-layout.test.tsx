import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, stubApi, storeLoggedIn, success } from '../../../test/api-stub';
import { renderRoute, renderRoutes } from '../../../test/render';
import { buildRouteObjects } from '../router';
import type { AppRouteEntry } from '../route-types';

function sidebar(): HTMLElement {
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

async function openLayoutSettings() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Layout settings' }));
  // The popover's chunk loads on that first click.
  await screen.findByRole('dialog', { name: 'Layout settings' }, { timeout: 5000 });
  return user;
}

describe('main layout', () => {
  it('has a black sidebar by default', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });
    expect(sidebar().getAttribute('data-sidebar-color')).toBe('black');
  });

  it('remembers the sidebar colour and restores it on the next visit', async () => {
    const first = renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });
    const user = await openLayoutSettings();
    await user.click(screen.getByRole('button', { name: 'Purple' }));

    expect(sidebar().getAttribute('data-sidebar-color')).toBe('purple');
    expect(window.localStorage.getItem('layout.sidebarColor')).toBe('"purple"');
    first.unmount();

    renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });
    expect(sidebar().getAttribute('data-sidebar-color')).toBe('purple');
  });

  it('remembers a closed and minimized sidebar', async () => {
    const first = renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });
    const user = await openLayoutSettings();
    await user.click(screen.getByRole('switch', { name: 'Show sidebar' }));
    await user.click(screen.getByRole('switch', { name: 'Icons only (compact sidebar)' }));

    expect(window.localStorage.getItem('layout.sidebarOpen')).toBe('false');
    expect(window.localStorage.getItem('layout.sidebarMinimized')).toBe('true');
    first.unmount();

    renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });
    expect(screen.getByRole('button', { name: 'Show sidebar' })).toBeTruthy();
    await openLayoutSettings();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Show sidebar' }).checked).toBe(
      false,
    );
    expect(
      screen.getByRole<HTMLInputElement>('switch', { name: 'Icons only (compact sidebar)' })
        .checked,
    ).toBe(true);
  });

  it('ignores an invalid stored colour', async () => {
    window.localStorage.setItem('layout.sidebarColor', '"pink"');
    renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });
    expect(sidebar().getAttribute('data-sidebar-color')).toBe('black');
  });

  it('shows menu links only for pages that exist', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });
    expect(screen.getAllByRole('link', { name: 'About' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'News' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'AI prompt' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Pricing' }).length).toBeGreaterThan(0);
    // Items of pages that do not exist yet stay out (Contact: no /contact page).
    expect(screen.queryByRole('link', { name: 'Contact' })).toBeNull();
  });

  it('shows Logout only while a token is stored; Logout revokes the token, then clears the session', async () => {
    const user = makeUser({ username: 'ada' });
    const api = stubApi({
      'GET /api/user/get/me': success({ current_user: user }),
      'POST /api/user/logout': () => {
        // The token is still stored (and sent) when the server is told.
        expect(window.localStorage.getItem('userToken')).toBe('token-1');
        return { body: success() };
      },
    });
    storeLoggedIn(user);
    renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    });
    const [logout] = api.callsTo('POST /api/user/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(window.localStorage.getItem('userToken')).toBeNull();
    expect(window.localStorage.getItem('userName')).toBeNull();
    expect(window.localStorage.getItem('userData')).toBeNull();
  });

  it('clears the session even when the logout call fails', async () => {
    const user = makeUser();
    stubApi({
      'GET /api/user/get/me': success({ current_user: user }),
      'POST /api/user/logout': { status: 'error', error_msg: 'boom' },
    });
    storeLoggedIn(user);
    renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => {
      expect(window.localStorage.getItem('userToken')).toBeNull();
    });
  });

  it('shows the footer links and the year', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(footer.textContent).toBe('AboutCookiesTermsPrivacy');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} StockPulse`))).toBeTruthy();
  });
});

describe('route meta in the main layout', () => {
  const Page = () => <p>Page body</p>;
  const entry = (
    meta: Partial<Extract<AppRouteEntry, { kind: 'page' }>['meta']>,
  ): AppRouteEntry => ({
    kind: 'page',
    path: '/sample',
    guard: 'public',
    page: () => Promise.resolve(Page),
    meta: { title: 'Sample', description: 'Sample description', layout: 'main', ...meta },
  });

  function renderSample(meta: Parameters<typeof entry>[0]) {
    renderRoutes(buildRouteObjects([entry(meta)]), {
      initialEntries: ['/sample'],
    });
  }

  it('shows the action bar unless noActionBar is set', async () => {
    renderSample({});
    await screen.findByText('Page body');
    expect(screen.getByTestId('action-bar').textContent).toContain('Sample description');
  });

  it('has no action bar when noActionBar is set', async () => {
    renderSample({ noActionBar: true });
    await screen.findByText('Page body');
    expect(screen.queryByTestId('action-bar')).toBeNull();
  });

  it('hides the footer when hideFooter is set', async () => {
    renderSample({ hideFooter: true });
    await screen.findByText('Page body');
    expect(screen.queryByRole('navigation', { name: 'Footer' })).toBeNull();
  });

  it("closes the phone's drawer on Escape and gives focus back to its menu button", async () => {
    renderSample({});
    await screen.findByText('Page body');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(sidebar().getAttribute('data-drawer-opened')).toBe('true');
    await user.keyboard('{Escape}');
    expect(sidebar().hasAttribute('data-drawer-opened')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open navigation' }));
    // Closed, Escape does nothing else.
    await user.keyboard('{Escape}');
    expect(sidebar().hasAttribute('data-drawer-opened')).toBe(false);
  });
});
