/** Every company-browsing query (explore, my topics) lives under this key. */
export const COMPANIES_QUERY_KEY = ['companies'] as const;

/** Sectors and sub-industries change only when the company data set is reloaded. */
export const CATEGORY_STALE_TIME = 10 * 60_000;
