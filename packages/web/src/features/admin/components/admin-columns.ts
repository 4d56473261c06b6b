import type { AdminSettableKey } from '@app/shared/api/users';

/** Column header and meaning of each property an admin may toggle (spec §6 Admin). */
export const ADMIN_TOGGLES: Record<AdminSettableKey, { header: string; label: string }> = {
  is_admin: { header: 'Admin', label: 'Administrator' },
  is_email_validated: { header: 'Validated', label: 'Validated as human' },
  my_email_summary: { header: 'Summary', label: 'Weekly e-mail summary' },
  my_email_alerts_daily: { header: 'Daily', label: 'Daily e-mail alerts' },
  my_instant_alerts: { header: 'Instant', label: 'Instant alerts' },
};
