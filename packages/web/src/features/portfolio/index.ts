/**
 * The portfolio feature's public face: the summary card and the holdings table (the dashboard's
 * portfolio part). Its pages (/dashboard and its children, /portfolio/register) are reached through
 * the route table. Everything else in features/portfolio is internal; ESLint keeps other features
 * to this file (eslint.config.js).
 */
export { usePortfolioSnapshot } from './api/snapshot';
export { HoldingsTable } from './components/holdings-table';
export { PortfolioOverview } from './components/portfolio-overview';
export { PortfolioSummaryCard } from './components/summary-card';
