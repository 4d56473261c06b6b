/**
 * The billing feature's public face: the profile's subscription card (composed onto the profile
 * page by app/, since users may not import billing: billing → users). Its pages (/pricing,
 * /success, /Cancel, /affiliates) are reached through the route table. Everything else in
 * features/billing is internal; ESLint keeps other features to this file (eslint.config.js).
 */
export { SubscriptionCard } from './components/subscription-card';
export { PaymentsAdminCard } from './components/payments-admin-card';
