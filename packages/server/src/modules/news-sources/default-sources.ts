/**
 * `NEWS_SOURCES=default`: public finance feeds, one or two of each kind a reader expects
 * (regulatory filings, central-bank and statistics releases, press-release wires, financial news).
 * The README lists them with what each provides and its terms of use; keep both in step.
 */
export const DEFAULT_FEEDS: readonly { url: string; title: string }[] = [
  // Regulators and filings (US government works: public domain in the US).
  { url: 'https://www.sec.gov/news/pressreleases.rss', title: 'SEC press releases' },
  // Central banks and statistics.
  {
    url: 'https://www.federalreserve.gov/feeds/press_all.xml',
    title: 'Federal Reserve press releases',
  },
  { url: 'https://www.ecb.europa.eu/rss/press.html', title: 'ECB press releases' },
  { url: 'https://www.bankofengland.co.uk/rss/news', title: 'Bank of England news' },
  { url: 'https://www.bls.gov/feed/bls_latest.rss', title: 'BLS latest numbers' },
  // Company press-release wires.
  {
    url: 'https://www.prnewswire.com/rss/news-releases-list.rss',
    title: 'PR Newswire news releases',
  },
  {
    url: 'https://www.globenewswire.com/RssFeed/orgclass/1/feedTitle/GlobeNewswire%20-%20News%20about%20Public%20Companies',
    title: 'GlobeNewswire public companies',
  },
  // Financial news.
  {
    url: 'https://feeds.content.dowjones.io/public/rss/mw_topstories',
    title: 'MarketWatch top stories',
  },
  {
    url: 'https://search.cnbc.com/rs/search/combinedcms/view.xml?partnerId=wrss01&id=100003114',
    title: 'CNBC top news',
  },
  { url: 'https://finance.yahoo.com/news/rssindex', title: 'Yahoo Finance news' },
];
