import { USER_FLAG_KEYS, USER_TEXT_KEYS } from '@app/shared/api/users';

export type UserTextKey = (typeof USER_TEXT_KEYS)[number];
export type UserFlagKey = (typeof USER_FLAG_KEYS)[number];
/** The text fields of the profile form (the Telegram chat is linked by the bot, not typed). */
export type ProfileTextKey = UserTextKey;

export interface TextFieldDisplay {
  label: string;
  autoComplete: string;
  maxLength: number;
  /** Columns out of 6 from the small breakpoint up. */
  span: 2 | 3 | 6;
  multiline?: boolean;
}

export const PROFILE_TEXT_FIELDS: Record<ProfileTextKey, TextFieldDisplay> = {
  email: { label: 'Email address', autoComplete: 'email', maxLength: 254, span: 6 },
  first_name: { label: 'First name', autoComplete: 'given-name', maxLength: 80, span: 3 },
  last_name: { label: 'Last name', autoComplete: 'family-name', maxLength: 80, span: 3 },
  company: { label: 'Company', autoComplete: 'organization', maxLength: 120, span: 6 },
  address: { label: 'Address', autoComplete: 'street-address', maxLength: 200, span: 6 },
  city: { label: 'City', autoComplete: 'address-level2', maxLength: 100, span: 2 },
  country: { label: 'Country', autoComplete: 'country-name', maxLength: 100, span: 2 },
  postal_code: { label: 'Postal code', autoComplete: 'postal-code', maxLength: 20, span: 2 },
  about_me: { label: 'About me', autoComplete: 'off', maxLength: 2000, span: 6, multiline: true },
};

/** In the order of the shared list. */
export const PROFILE_TEXT_KEYS: readonly ProfileTextKey[] = USER_TEXT_KEYS;

export interface FlagDisplay {
  label: string;
  description: string;
  group: 'Notifications' | 'Interface';
}

export const PROFILE_FLAGS: Record<UserFlagKey, FlagDisplay> = {
  my_email_summary: {
    label: 'Weekly e-mail summary',
    description: 'A weekly e-mail with the news and an AI review of your watchlist.',
    group: 'Notifications',
  },
  my_email_alerts_daily: {
    label: 'Daily e-mail alerts',
    description: 'One e-mail a day with the alerts about the companies you watch.',
    group: 'Notifications',
  },
  my_instant_alerts: {
    label: 'Instant alerts',
    description: 'A message as soon as a major story about your companies breaks.',
    group: 'Notifications',
  },
  my_email_replies: {
    label: 'E-mail me when someone replies to my comments',
    description: 'An e-mail with the reply; the count on your menu shows them either way.',
    group: 'Notifications',
  },
  my_clickbait: {
    label: 'Catchy titles',
    description: 'Show the catchier variant of article titles when there is one.',
    group: 'Interface',
  },
  my_debug_interface: {
    label: 'Debug interface',
    description: 'Debugging menus, links to the API views and error toasts for news loads.',
    group: 'Interface',
  },
  my_dev_interface: {
    label: 'Developer interface',
    description: 'The template demo menus: components, forms, tables, maps and widgets.',
    group: 'Interface',
  },
};

export function flagsOfGroup(group: FlagDisplay['group']): UserFlagKey[] {
  return USER_FLAG_KEYS.filter((key) => PROFILE_FLAGS[key].group === group);
}
