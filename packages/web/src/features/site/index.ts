/**
 * The site feature's public face (landing, newsletter, contact, content pages): the landing-seen
 * flag for the route guard and the admin panel's cards. ESLint keeps other features to this file.
 */
export { hasSeenLanding, markLandingSeen, LANDING_SEEN_KEY } from './landing-seen';
export { NewsletterAdminCard } from './components/newsletter-admin-card';
export { ContactInboxCard } from './components/contact-inbox-card';
export { ContactEmail, ContactSentence } from './components/contact-details';
export { useSiteContact } from './api/site-contact';
