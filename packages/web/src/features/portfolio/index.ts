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
// The dashboard's charts and calendar, shown with sample data by the developer gallery.
export { PerformanceChart, ValueChart } from './components/value-chart';
export { AllocationDonut } from './components/allocation-donut';
export { AgendaView, MonthView } from './components/calendar-views';
export { CalendarToolbar } from './components/calendar-toolbar';
export type { CalendarViewMode } from './components/calendar-toolbar';
export { EventDialog } from './components/event-dialog';
export type { EventDraft } from './api/calendar';
export {
  MoversWidget,
  RecommendationsWidget,
  UpcomingEventsWidget,
} from './components/widget-cards';
