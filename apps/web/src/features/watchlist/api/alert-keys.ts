/** The price alerts' query keys: the user's (the token) alerts, in every language alike. */
export const alertKeys = {
  all: ['watchlist', 'alerts'] as const,
  list: (token: string | null) => ['watchlist', 'alerts', token] as const,
};
