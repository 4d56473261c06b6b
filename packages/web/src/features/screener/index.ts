/**
 * The screener feature's public face: its page is reached through the route table only. ESLint
 * keeps other features to this file (eslint.config.js, "Web boundaries").
 */
export { ScreenerPage } from './pages/screener-page';
