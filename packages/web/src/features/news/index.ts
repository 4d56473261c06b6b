/**
 * The news feature's public face: what other features may use (article cards, the company news
 * timeline, news search and its list states). Everything else in features/news is internal;
 * ESLint keeps other features to this file (eslint.config.js, "Web boundaries").
 */
export { isNewsSearchable, NEWS_SEARCH_MIN_LENGTH, useNewsSearch } from './api/news-search';
export { ArticleCard } from './components/article-card';
export { CompanyNewsTimeline } from './components/company-news-timeline';
export { NewsError, NewsLoader, NoNews } from './components/news-list-states';
export { useNewsFailure } from './components/use-news-failure';
export { useNewsList } from './api/news-list';
