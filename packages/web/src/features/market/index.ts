/**
 * The market feature's public face: what other features may use (prices, quotes, company cards,
 * charts and the watchlist). Everything else in features/market is internal; ESLint keeps other
 * features to this file (eslint.config.js, "Web boundaries").
 */
export { useCompany } from './api/company';
export type { CompanyFilter } from './api/company';
export { useInvalidateTickerOnLoad } from './api/ticker-invalidate';
export { useWatchlist } from './api/watchlist-get';
export { CompanyHeader } from './components/company-header';
export { COMPANY_NOT_FOUND, CompanyInfoCard } from './components/company-info-card';
export { CompanyProfile } from './components/company-profile';
export { PriceChart } from './components/deferred-price-chart';
export { RelatedCompanies } from './components/related-companies';
export { StockTable } from './components/stock-table';
export { WatchCheckbox } from './components/watch-checkbox';
export { DARK_PALETTE, LIGHT_PALETTE } from './components/chart-format';
export type { ChartPalette } from './components/chart-format';
export { DemoDataBadge } from './components/demo-data-badge';
export { TopGrowthTable } from './components/top-growth-table';
export { WatchlistPanel } from './components/watchlist-panel';
export { priceHistoryQueryOptions } from './api/price-history';
