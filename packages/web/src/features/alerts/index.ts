/**
 * The alerts feature's public face: the profile's alert settings and browser notifications
 * cards (composed into the profile by app/profile-route.tsx) and the admin panel's deliveries card.
 */
export { NotificationSettingsCard } from './components/notification-settings-card';
export { BrowserNotificationsCard } from './components/browser-notifications-card';
export { DeliveriesCard } from './components/deliveries-card';
export { useNotificationPlanLocks } from './api/plan-locks';
export type { NotificationFlag } from './api/plan-locks';
