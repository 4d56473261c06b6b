import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, stubApi, success } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';

const NEXT = encodeURIComponent('/n/news-7#CHIPS_BEAT_ESTIMATES');

describe('register from a comment or report link (spec §7 variants), then back to the article', () => {
  it.each([
    ['comment on the article', `comment=article&next=${NEXT}`, 'comment'],
    ['reply to a comment', `comment=0f0e0d0c-0000-4000-8000-000000000001&next=${NEXT}`, 'comment'],
    ['report the article', `source=report&next=${NEXT}`, 'report'],
    ['report a comment', `report=0f0e0d0c-0000-4000-8000-000000000001&next=${NEXT}`, 'report'],
  ])(
    '%s: shows the banner and opens the article after registering',
    async (_what, query, banner) => {
      const created = makeUser({ username: 'ada_l' });
      stubApi({
        'POST /api/user/create': success({ token: 'new-token', current_user: created }),
        'GET /api/user/get/me': success({ current_user: created }),
      });
      const { router } = renderRoute(`/register?${query}`);
      // The page is a lazy chunk: give it time on a busy machine.
      await screen.findByRole('button', { name: 'Get Started' }, { timeout: 15_000 });
      expect(screen.getByTestId(`register-banner-${banner}`)).toBeTruthy();
      // The login link keeps where to go next.
      expect(
        screen.getByRole('link', { name: 'Already have an account?' }).getAttribute('href'),
      ).toBe(`/login?next=${NEXT}`);

      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
      await user.type(screen.getByLabelText(/^Username/), 'ada_l');
      await user.type(screen.getByLabelText(/^First name/), 'Ada');
      await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
      await user.type(screen.getByLabelText(/^Password/), 'analytical');
      await user.click(screen.getByRole('button', { name: 'Get Started' }));

      // /n/{id}#{slug} redirects to the article page, keeping the hash.
      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/news/view');
      });
      expect(router.state.location.search).toBe('?id=news-7');
      expect(router.state.location.hash).toBe('#CHIPS_BEAT_ESTIMATES');
    },
    30_000,
  );
});
