import {
  BrowserNotificationsCard,
  NotificationSettingsCard,
  useNotificationPlanLocks,
} from '../features/alerts';
import { SubscriptionCard } from '../features/billing';
import { ProfilePage } from '../features/users/pages/profile-page';

/**
 * /pages/user: the users feature's profile page with the billing feature's subscription card.
 * Composed here because billing depends on users (viewer, current user), so users may not import
 * billing without a feature loop (eslint.config.js FEATURE_DEPENDENCIES).
 */
export function ProfileRoute() {
  // The notification switches a plan lacks are disabled with the plan that includes them.
  const notificationPlanLocks = useNotificationPlanLocks();
  return (
    <ProfilePage
      subscriptionCard={<SubscriptionCard />}
      notificationsCard={<NotificationSettingsCard />}
      browserNotificationsCard={<BrowserNotificationsCard />}
      notificationPlanLocks={notificationPlanLocks}
    />
  );
}
