/** Every news query lives under this key. */
export const NEWS_QUERY_KEY = ['news'] as const;
