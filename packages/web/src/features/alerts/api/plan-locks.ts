import { NOTIFICATIONS } from '../components/notification-settings-card';
import { useAlertSettings } from './alert-settings';

/** The profile's mail flag of each notification. */
const FLAG_OF = {
  instant: 'my_instant_alerts',
  daily: 'my_email_alerts_daily',
  weekly: 'my_email_summary',
} as const;

export type NotificationFlag = (typeof FLAG_OF)[keyof typeof FLAG_OF];

/**
 * The notifications the caller's plan lacks, each with the plan that includes it (spec §9), for
 * the profile's switches; empty while the plan is loading or when it includes them all.
 */
export function useNotificationPlanLocks(): Partial<Record<NotificationFlag, string>> {
  const { data } = useAlertSettings();
  if (!data) return {};
  return Object.fromEntries(
    NOTIFICATIONS.filter((item) => !data.entitlements[item.key]).map((item) => [
      FLAG_OF[item.key],
      item.plan === 'Basic' ? 'Basic' : 'Standard',
    ]),
  );
}
