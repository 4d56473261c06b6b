import type { ValidationStatus } from '@app/shared/api/users';

/** How each step of the "validate you as human" flow is shown (profile and waiting page). */
export const VALIDATION_STATUS_DISPLAY: Record<
  ValidationStatus,
  { label: string; color: string; text: string }
> = {
  none: {
    label: 'Not validated',
    color: 'gray',
    text: 'You have not validated your account yet.',
  },
  email_sent: {
    label: 'E-mail sent',
    color: 'blue',
    text: 'We sent you an e-mail: open the link in it to confirm your address.',
  },
  pending: {
    label: 'Waiting for approval',
    color: 'yellow',
    text: 'Your e-mail address is confirmed. An admin will review your account soon.',
  },
  approved: {
    label: 'Verified human',
    color: 'teal',
    text: 'Your account is approved: you can comment and report articles.',
  },
  rejected: {
    label: 'Not approved',
    color: 'red',
    text: 'Your account was not approved. Contact us if you think this is a mistake.',
  },
};
