import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NewsArticle } from '@app/shared/api/news';
import { makeUser, stubApi, success } from '../../../../test/api-stub';
import { makeArticle } from '../../../../test/fixtures/news';
import { renderRoutes } from '../../../../test/render';
import { ArticleCard } from './article-card';
import { articleTexts } from './article-story';

function renderCard(article: NewsArticle, full = false) {
  stubApi({ 'GET /api/user/get/me': success({ current_user: makeUser() }) });
  renderRoutes([{ path: '*', element: <ArticleCard article={article} full={full} /> }]);
  return screen.getByRole('article');
}

describe('one card per story and texts said once', () => {
  it("shows 'Also reported by' with a link to each other source of the story", () => {
    const card = renderCard(
      makeArticle({
        also_reported_by: [
          {
            id: 'b2',
            publisher: 'SEC EDGAR',
            link: 'https://sec.example/f',
            title: 'Apple files 8-K',
          },
          {
            id: 'c3',
            publisher: 'MarketWatch',
            link: 'https://mw.example/a',
            title: 'Apple tops forecasts',
          },
        ],
      }),
    );
    const line = within(card).getByText(/Also reported by/);
    expect(line.textContent).toBe('Also reported by SEC EDGAR and MarketWatch');
    const links = within(line).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/n/b2#APPLE_FILES_8K',
      '/n/c3#APPLE_TOPS_FORECASTS',
    ]);
  });

  it('shows no such line for a story told by one source', () => {
    const card = renderCard(makeArticle({ also_reported_by: [] }));
    expect(within(card).queryByText(/Also reported by/)).toBeNull();
  });

  it("offers no 'Read the original' on a market brief, which has none", () => {
    const brief = renderCard(
      makeArticle({
        publisher: 'Market Brief',
        link: 'https://stockpulse.example/company/explore?brief=sectors-2026-11-23',
      }),
    );
    expect(within(brief).queryByRole('link', { name: /Read the original/ })).toBeNull();
  });

  it("keeps 'Read the original' on a publisher's article", () => {
    const card = renderCard(makeArticle({ publisher: 'Reuters', link: 'https://r.example/a' }));
    expect(
      within(card)
        .getByRole('link', { name: /Read the original/ })
        .getAttribute('href'),
    ).toBe('https://r.example/a');
  });

  it('shows the paragraph alone on the article page when it holds the summary', () => {
    const summary = 'Energy led. Utilities lagged.';
    const paragraph = 'Energy led. Seven sectors rose. Utilities lagged.';
    expect(articleTexts(summary, paragraph, true)).toEqual([paragraph]);
    expect(articleTexts(summary, 'Something else entirely.', true)).toEqual([
      summary,
      'Something else entirely.',
    ]);
    expect(articleTexts(summary, paragraph, false)).toEqual([summary]);
    expect(articleTexts(summary, summary, true)).toEqual([summary]);
  });
});
