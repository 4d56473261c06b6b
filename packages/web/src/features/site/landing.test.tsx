import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, UNREACHABLE } from '../../../test/api-stub';
import { renderRoute } from '../../../test/render';
import { hasSeenLanding, LANDING_SEEN_KEY, markLandingSeen } from './landing-seen';

const SUBSCRIBE = 'POST /api/subscription/subscribe/email';
const CONTACT_DETAILS = {
  'GET /api/contact/details': {
    status: 'success',
    contact: {
      email: 'hello@example.org',
      privacy_email: 'hello@example.org',
      legal_email: 'hello@example.org',
      phone: '+1 555 0100',
      addresses: ['1 Wall Street, New York', '2 Quay, Dublin'],
    },
  },
};

function forgetLanding() {
  document.cookie = `${LANDING_SEEN_KEY}=; max-age=0; path=/`;
  window.localStorage.removeItem(LANDING_SEEN_KEY);
}

beforeEach(forgetLanding);
afterEach(() => {
  vi.restoreAllMocks();
});

describe('landing seen (spec §4)', () => {
  it('stores hasSeenLanding and a 30-day cookie, path /, SameSite Lax', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    markLandingSeen();
    expect(window.localStorage.getItem('hasSeenLanding')).toBe('true');
    expect(writes).toEqual(['hasSeenLanding=true; max-age=2592000; path=/; SameSite=Lax']);
    expect(hasSeenLanding()).toBe(true);
  });

  it('keeps the cookie alone when storage fails', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    markLandingSeen();
    expect(window.localStorage.getItem('hasSeenLanding')).toBeNull();
    expect(document.cookie).toContain('hasSeenLanding=true');
    expect(hasSeenLanding()).toBe(true);
  });
});

// Rendering a route loads its lazy page chunk: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('route guard: first visit of / (spec §4)', () => {
  it('sends a visitor who has not seen the landing from / to /landing, once', async () => {
    stubApi(CONTACT_DETAILS);
    const first = renderRoute('/');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/landing'), {
      timeout: 10_000,
    });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Understand what moves your stocks.' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(window.localStorage.getItem('hasSeenLanding')).toBe('true');
    first.unmount();

    stubApi({});
    const second = renderRoute('/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second.router.state.location.pathname).toBe('/');
  });

  it('lets a visitor with only the cookie open /', async () => {
    document.cookie = 'hasSeenLanding=true; path=/';
    stubApi({});
    const view = renderRoute('/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.router.state.location.pathname).toBe('/');
  });
});

const FIGURES = (demo: boolean) => ({
  'GET /api/site/figures': {
    status: 'success',
    figures: {
      readers_30d: 1234,
      articles_analysed: 56789,
      companies_covered: 412,
      alerts_sent: 98,
      counted_at: 1_700_000_000,
      demo,
    },
  },
});

describe('/landing (spec §2)', () => {
  it('shows two hero buttons to /analysis/latest, the figures with asterisks and the footer', async () => {
    stubApi({ ...CONTACT_DETAILS, ...FIGURES(false) });
    renderRoute('/landing');
    await screen.findByRole(
      'heading',
      { name: 'Understand what moves your stocks.' },
      { timeout: 10_000 },
    );
    const main = screen.getByRole('main');
    const analysisLinks = [...main.querySelectorAll('a[href="/analysis/latest"]')];
    expect(analysisLinks.length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(main.querySelector('dl')?.textContent).toContain('1,234*'));
    const figures = main.querySelector('dl')?.textContent ?? '';
    expect(figures).toBe(
      'readers in the last 30 days1,234*articles analysed56,789*companies covered412*',
    );
    expect(main.textContent).toContain('98*alerts sent by e-mail and Telegram');
    // Each footnote says what its number counts; none claims a return or a made-up total.
    expect(screen.getByText(/Readers in the last 30 days: accounts on this site/)).toBeTruthy();
    expect(screen.getByText(/carry the AI analyst's summary/)).toBeTruthy();
    expect(screen.getByText(/counted from this site's own records/)).toBeTruthy();
    expect(main.textContent).not.toMatch(/12,405|\$2\.1B|31%|12,000\+/);
    expect(screen.getByText(/generated demo data set/).closest('li')?.hidden).toBe(true);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect([...footer.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/about',
      '/features',
      '/pricing',
      '/blog',
      '/help',
      '/contact',
      '/faq',
      '/documentation',
      '/privacy',
      '/terms',
      '/cookies',
    ]);
    expect(await screen.findByText('hello@example.org')).toBeTruthy();
    expect(screen.getByText('+1 555 0100')).toBeTruthy();
    expect(screen.getByText('2 Quay, Dublin')).toBeTruthy();
    // The top bar: Contact and Login.
    const site = screen.getByRole('navigation', { name: 'Site' });
    expect(site.querySelector('a[href="/contact"]')).toBeTruthy();
    expect(site.querySelector('a[href="/login"]')).toBeTruthy();
  });

  it('says the figures count demo data in demo mode, and "unknown" when they cannot be counted', async () => {
    stubApi({ ...CONTACT_DETAILS, ...FIGURES(true) });
    const demo = renderRoute('/landing');
    const note = await screen.findByText(/generated demo data set/, {}, { timeout: 10_000 });
    await waitFor(() => expect(note.closest('li')?.hidden).toBe(false));
    demo.unmount();

    stubApi({ ...CONTACT_DETAILS, 'GET /api/site/figures': () => UNREACHABLE });
    renderRoute('/landing');
    await screen.findByRole(
      'heading',
      { name: 'Understand what moves your stocks.' },
      { timeout: 10_000 },
    );
    await waitFor(() =>
      expect(screen.getByRole('main').querySelector('dl')?.textContent).toContain('unknown*'),
    );
  });

  it('shows no contact details before the server names them', async () => {
    stubApi({ ...FIGURES(false), 'GET /api/contact/details': () => UNREACHABLE });
    renderRoute('/landing');
    await screen.findByRole(
      'heading',
      { name: 'Understand what moves your stocks.' },
      { timeout: 10_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('footer a[href^="mailto:"]')).toBeNull();
    expect(document.querySelector('footer a[href^="tel:"]')).toBeNull();
  });
});

describe('subscribe form (spec §4, §5, §8)', () => {
  async function openLanding() {
    renderRoute('/landing');
    return screen.findByRole('textbox', { name: 'Your e-mail address' }, { timeout: 10_000 });
  }

  it('does nothing when the field is empty', async () => {
    const api = stubApi(CONTACT_DETAILS);
    await openLanding();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(api.callsTo(SUBSCRIBE)).toHaveLength(0);
  });

  it("goes idle → 'Subscribing...' → idle, clears the field and thanks the subscriber", async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const api = stubApi({
      ...CONTACT_DETAILS,
      [SUBSCRIBE]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const field = await openLanding();
    await userEvent.type(field, 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribing...' })).toBeTruthy();
    answer({
      body: {
        status: 'success',
        message: 'Please check your inbox and confirm your subscription.',
      },
    });
    expect(await screen.findByText('Thank you for subscribing!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    expect(api.callsTo(SUBSCRIBE)[0]?.body).toEqual({ email: 'reader@example.com' });
  });

  it('keeps the field and shows the server message on a refusal', async () => {
    stubApi({
      ...CONTACT_DETAILS,
      [SUBSCRIBE]: () => ({
        status: 429,
        body: { status: 'error', error_msg: 'Too many attempts. Please try again in 5 minutes.' },
      }),
    });
    const field = await openLanding();
    await userEvent.type(field, 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('Too many attempts. Please try again in 5 minutes.'),
    ).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('reader@example.com');
  });

  it("says 'Sorry, there was an error. Please try again.' when the server cannot be reached", async () => {
    stubApi({ ...CONTACT_DETAILS, [SUBSCRIBE]: () => UNREACHABLE });
    const field = await openLanding();
    await userEvent.type(field, 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Sorry, there was an error. Please try again.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('reader@example.com');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });
});
