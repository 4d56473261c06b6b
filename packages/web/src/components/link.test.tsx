import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Link, NavLink } from './link';

function Here() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="here">{pathname + search + hash}</output>;
}

function renderAt(path: string, links: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Here />
    </MemoryRouter>,
  );
}

const here = () => screen.getByLabelText('here').textContent;

describe('Link', () => {
  it('is a real link whose plain click navigates in the app', () => {
    const onClick = vi.fn();
    renderAt(
      '/news/latest_ai',
      <Link to="/ticker/NASDAQ:AAPL?range=1Y#chart" onClick={onClick}>
        Apple
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Apple' });
    expect(link.getAttribute('href')).toBe('/ticker/NASDAQ:AAPL?range=1Y#chart');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(onClick).toHaveBeenCalledOnce();
    expect(here()).toBe('/ticker/NASDAQ:AAPL?range=1Y#chart');
  });

  it('leaves a click with a modifier key, or one its handler prevented, to the browser', () => {
    renderAt(
      '/news/latest_ai',
      <>
        <Link to="/dashboard">Dashboard</Link>
        <Link to="/pricing" onClick={(event) => event.preventDefault()}>
          Pricing
        </Link>
      </>,
    );
    const ctrlClick = new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      button: 0,
      ctrlKey: true,
    });
    fireEvent(screen.getByRole('link', { name: 'Dashboard' }), ctrlClick);
    expect(ctrlClick.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(here()).toBe('/news/latest_ai');
  });

  it("resolves a relative path and keeps another site's address as it is", () => {
    renderAt(
      '/news/view?id=7',
      <>
        <Link to="?id=8">Next</Link>
        <Link to="https://example.com/a?b=1">Elsewhere</Link>
        <Link to="mailto:help@example.com">Write</Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/news/view?id=8');
    expect(screen.getByRole('link', { name: 'Elsewhere' }).getAttribute('href')).toBe(
      'https://example.com/a?b=1',
    );
    expect(screen.getByRole('link', { name: 'Write' }).getAttribute('href')).toBe(
      'mailto:help@example.com',
    );
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(screen.getByRole('link', { name: 'Elsewhere' }), click);
    expect(click.defaultPrevented).toBe(false);
    expect(here()).toBe('/news/view?id=7');
  });
});

describe('NavLink', () => {
  it('marks the link of the current path and of the paths below it, letter case aside', () => {
    renderAt(
      '/Portfolio/holdings',
      <>
        <NavLink to="/portfolio" className="link">
          Portfolio
        </NavLink>
        <NavLink to="/portfolio" end className="link">
          Portfolio only
        </NavLink>
        <NavLink to="/port" className="link">
          Port
        </NavLink>
        <NavLink to="/dashboard" className="link">
          Dashboard
        </NavLink>
      </>,
    );
    const portfolio = screen.getByRole('link', { name: 'Portfolio' });
    expect(portfolio.getAttribute('aria-current')).toBe('page');
    expect(portfolio.className).toBe('link active');
    for (const name of ['Portfolio only', 'Port', 'Dashboard']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('aria-current')).toBeNull();
      expect(link.className).toBe('link');
    }
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(portfolio.getAttribute('aria-current')).toBeNull();
  });
});
