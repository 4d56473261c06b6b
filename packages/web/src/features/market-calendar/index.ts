/**
 * The market calendar's public face: the company page's "Upcoming" card and the dashboard's
 * "This week for your holdings". Its pages are reached through the route table.
 */
export { CompanyUpcoming } from './components/company-upcoming';
export { HoldingsWeekCard } from './components/holdings-week-card';
