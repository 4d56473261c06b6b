/**
 * The users feature's public face: who is looking (the viewer and the current user) and how to
 * name a person. Everything else in features/users is internal; ESLint keeps other features to
 * this file (eslint.config.js, "Web boundaries").
 */
export { useCurrentUser, USERS_QUERY_KEY } from './api/current-user';
export { fullName, initials } from './stored-user';
export { useViewer } from './viewer';
export type { Viewer } from './viewer';
export { ValidateEmailLink } from './components/validate-email-link';
export { useTelegramInfo } from './api/telegram';
export { useCommunityLinks } from './community-links';
