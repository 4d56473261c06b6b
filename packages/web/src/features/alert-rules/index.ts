/**
 * The alert rules feature's public face: the "Alert me…" button of the company page and of the
 * watchlist and holdings rows. Its page (`/pages/alerts`) is reached through the route table.
 */
export { AlertMeButton } from './components/alert-me-button';
