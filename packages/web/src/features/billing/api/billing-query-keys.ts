export const SUBSCRIPTION_STATUS_QUERY_KEY = ['payment', 'status'] as const;
export const REFERRALS_QUERY_KEY = ['payment', 'referrals'] as const;
export const ADMIN_PAYMENTS_QUERY_KEY = ['payment', 'admin'] as const;
