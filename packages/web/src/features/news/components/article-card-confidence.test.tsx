import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewsArticle } from '@app/shared/api/news';
import { makeUser, stubApi, success } from '../../../../test/api-stub';
import { makeArticle } from '../../../../test/fixtures/news';
import { renderRoutes } from '../../../../test/render';
import { preloadTooltip } from '../../../components/lazy-tooltip';
import { ArticleCard } from './article-card';

// Tooltips are a chunk loaded when the first one is drawn (components/lazy-tooltip.tsx).
beforeAll(async () => {
  await preloadTooltip();
});

function renderCard(article: NewsArticle) {
  stubApi({ 'GET /api/user/get/me': success({ current_user: makeUser() }) });
  renderRoutes([{ path: '*', element: <ArticleCard article={article} /> }], {
    initialEntries: ['/news/latest_ai'],
  });
}

describe("the article card's sentiment badge says how sure the analyst is", () => {
  it('shows the calibrated confidence of the call on hover', async () => {
    renderCard(makeArticle({ AI: { sentiment_score: 6, sentiment_confidence: 0.724 } }));
    const badge = screen.getByText(/Very bullish 6/);
    expect(badge.textContent).toContain('72 % confidence');
    await userEvent.setup().hover(badge);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '72 % confidence');
  });

  it('says the confidence is unknown for an analysis stored without one', async () => {
    renderCard(makeArticle({ AI: { sentiment_score: -2, sentiment_confidence: undefined } }));
    const badge = screen.getByText(/Bearish -2/);
    expect(badge.textContent).toContain('Confidence unknown');
    await userEvent.setup().hover(badge);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Confidence unknown');
  });
});
