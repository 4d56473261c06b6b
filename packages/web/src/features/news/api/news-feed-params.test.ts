import { describe, expect, it } from 'vitest';
import { EXPERIMENT_FILTERS, newsFeedFor } from './news-feed';
import { feedFiltersWith, newsFeedParamsOf } from './news-feed-params';

const params = (query: string) => newsFeedParamsOf(new URLSearchParams(query));
const bullish = newsFeedFor('bullish')?.filters ?? {};

describe('news page query parameters (spec §2: id, symbol, experiment)', () => {
  it('reads id, symbol (upper-cased), experiment and the page', () => {
    expect(params('id=n7&symbol=nasdaq:aapl&experiment=headline-test&page=3')).toEqual({
      id: 'n7',
      symbol: 'NASDAQ:AAPL',
      experiment: 'headline-test',
      page: 3,
    });
  });

  it('reads missing or blank parameters as none, and an unusable page as 1', () => {
    expect(params('id=&symbol=%20')).toEqual({ id: null, symbol: null, experiment: null, page: 1 });
    for (const page of ['0', '-2', '1.5', 'two']) expect(params(`page=${page}`).page).toBe(1);
  });

  it('keeps the feed filters as they are without parameters', () => {
    expect(feedFiltersWith(bullish, params(''))).toEqual(bullish);
  });

  it('restricts the feed to a company: ?symbol=EX:T ends the related tickers with EX:T', () => {
    expect(feedFiltersWith(bullish, params('symbol=NASDAQ:AAPL'))).toEqual({
      ...bullish,
      related_exchange_tickers__iendswith: 'NASDAQ:AAPL',
    });
  });

  it('matches a bare ticker on any exchange: ?symbol=AAPL ends them with :AAPL', () => {
    expect(feedFiltersWith(bullish, params('symbol=aapl'))).toMatchObject({
      related_exchange_tickers__iendswith: ':AAPL',
    });
  });

  it("asks for an experiment's variant with ?experiment=name", () => {
    expect(feedFiltersWith(bullish, params('experiment=headline-test'))).toEqual({
      ...bullish,
      experiment: 'headline-test',
    });
    // On the experiments page the name replaces "any experiment".
    expect(feedFiltersWith(EXPERIMENT_FILTERS, params('experiment=headline-test'))).toEqual({
      order_by: '-creation_date',
      experiment: 'headline-test',
    });
  });

  it('does not filter by ?id= (the page pins that article above the feed)', () => {
    expect(feedFiltersWith(bullish, params('id=n7'))).toEqual(bullish);
  });
});
