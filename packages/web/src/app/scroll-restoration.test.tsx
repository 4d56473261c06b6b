import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import type { NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollRestoration } from './scroll-restoration';

const router: { navigate?: NavigateFunction } = {};

function Page() {
  useScrollRestoration();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  const { pathname } = useLocation();
  return (
    <main>
      {pathname}
      <h2 id="figures">Figures</h2>
    </main>
  );
}

/** The window scrolled by the reader to `y`. */
function scrollBy(y: number) {
  window.scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

async function go(to: string | number) {
  await act(async () => {
    if (typeof to === 'number') await router.navigate?.(to);
    else await router.navigate?.(to);
  });
}

describe('scroll restoration', () => {
  let scrollTo: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    scrollTo = vi.fn((_x: number, y: number) => {
      window.scrollY = y;
    });
    vi.stubGlobal('scrollTo', scrollTo);
    window.scrollY = 0;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('starts a new page at the top and returns to where the reader was on going back', async () => {
    render(
      <MemoryRouter initialEntries={['/news']}>
        <Page />
      </MemoryRouter>,
    );
    expect(window.history.scrollRestoration).toBe('manual');
    scrollBy(1_200);

    await go('/ticker/NASDAQ:AAPL');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollBy(300);

    await go(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1_200);
    await go(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });

  it('scrolls a link to #id to that element', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    render(
      <MemoryRouter initialEntries={['/news']}>
        <Page />
      </MemoryRouter>,
    );
    scrollTo.mockClear();
    await go('/ticker/NASDAQ:AAPL#figures');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('returns a reloaded tab to where it was', () => {
    const first = render(
      <MemoryRouter initialEntries={[{ pathname: '/news', key: 'entry-1' }]}>
        <Page />
      </MemoryRouter>,
    );
    scrollBy(640);
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();
    scrollTo.mockClear();

    render(
      <MemoryRouter initialEntries={[{ pathname: '/news', key: 'entry-1' }]}>
        <Page />
      </MemoryRouter>,
    );
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
  });

  it('returns a reloaded first page of the tab to where it was, and starts another one at its top', () => {
    const first = render(
      <MemoryRouter initialEntries={['/news']}>
        <Page />
      </MemoryRouter>,
    );
    scrollBy(900);
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();
    scrollTo.mockClear();

    // Another page typed into the tab: its first entry has the same key.
    const other = render(
      <MemoryRouter initialEntries={['/screener']}>
        <Page />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    other.unmount();

    render(
      <MemoryRouter initialEntries={['/news']}>
        <Page />
      </MemoryRouter>,
    );
    expect(scrollTo).toHaveBeenCalledWith(0, 900);
  });
});
