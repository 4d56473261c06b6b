import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { gistText, shareTargets } from './share-links';
import { SharePanel } from './share-panel';

const URL_TO_SHARE = 'https://stockpulse.app/n/42#AMD_BEATS_ESTIMATES_A_B';
const TITLE = 'AMD beats estimates & raises outlook?';

/** Gives the browser (or takes away) a navigator feature for one test. */
function setNavigator(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

function renderPanel(isCurrentPage = false) {
  renderWithProviders(
    <SharePanel id="share-1" url={URL_TO_SHARE} title={TITLE} isCurrentPage={isCurrentPage} />,
  );
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('share panel (spec §2 share card)', () => {
  it('copies the link and says "Link copied to clipboard"', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(URL_TO_SHARE);
  });

  it('says "Failed to copy to clipboard" when the browser refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeTruthy();
  });

  it('offers the native share sheet when the browser has one', async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    setNavigator('share', share);
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({ title: TITLE, url: URL_TO_SHARE });
  });

  it('shows no native share button without navigator.share', () => {
    renderPanel();
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
  });

  it('says the feature is not supported without share and clipboard', () => {
    setNavigator('clipboard', undefined);
    try {
      renderPanel();
      expect(screen.getByText('Share feature not supported on this browser.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Copy to clipboard' })).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('shows "Open new tab" only when the link is not the current page', () => {
    renderPanel(false);
    const open = screen.getByRole('link', { name: 'Open new tab' });
    expect(open.getAttribute('href')).toBe(URL_TO_SHARE);
    expect(open.getAttribute('target')).toBe('_blank');
  });

  it('hides "Open new tab" on the page the link points to', () => {
    renderPanel(true);
    expect(screen.queryByRole('link', { name: 'Open new tab' })).toBeNull();
  });

  it('links to Twitter, LinkedIn, GitHub Gist, Reddit and Facebook with encoded URLs', () => {
    renderPanel();
    const list = screen.getByRole('list', { name: 'Share on' });
    const href = (name: string) =>
      within(list).getByRole('link', { name }).getAttribute('href') ?? '';
    const encodedUrl = encodeURIComponent(URL_TO_SHARE);
    expect(href('Twitter')).toBe(
      `https://x.com/intent/tweet?text=${encodeURIComponent(TITLE)}&url=${encodedUrl}`,
    );
    expect(href('LinkedIn')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`,
    );
    expect(href('Reddit')).toBe(
      `https://www.reddit.com/submit?url=${encodedUrl}&title=${encodeURIComponent(TITLE)}`,
    );
    expect(href('Facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`);
    expect(href('GitHub Gist')).toBe('https://gist.github.com/');
    // The encoded URL carries no raw '#', '&' or '?' that would end the share parameter.
    expect(encodedUrl).not.toMatch(/[#&?]/);
    for (const target of shareTargets(URL_TO_SHARE, TITLE)) {
      expect(within(list).getByRole('link', { name: target.label }).getAttribute('rel')).toBe(
        'noopener noreferrer',
      );
    }
  });

  it('copies a markdown link for the new gist (GitHub cannot pre-fill one)', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('link', { name: 'GitHub Gist' }));
    expect(await navigator.clipboard.readText()).toBe(gistText(URL_TO_SHARE, TITLE));
    expect(gistText('https://x.test/1', 'A [b] c')).toBe('[A b c](https://x.test/1)');
  });
});
