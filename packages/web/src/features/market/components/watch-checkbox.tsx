import { Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { DEFAULT_WATCHLIST } from '@app/shared/api/market-constants';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link';
import { useStoredToken } from '../../../lib/use-stored-token';
import { useWatchlistAppend } from '../api/watchlist-append';
import { useWatchlist } from '../api/watchlist-get';
import { useWatchlistRemove } from '../api/watchlist-remove';

export type WatchAction = 'append' | 'remove';

/**
 * Spec §4: the call a toggle needs. None when the wanted state is what the loaded watchlist
 * already says (a symbol already watched is not appended again).
 */
export function watchAction(inWatchlist: boolean, wanted: boolean): WatchAction | null {
  if (wanted === inWatchlist) return null;
  return wanted ? 'append' : 'remove';
}

/**
 * Spec §4 watch checkbox: toggles `symbol` in the default watchlist. Disabled until the watchlist
 * has loaded, while a change runs, and for visitors (who get a link to log in).
 */
export function WatchCheckbox({ symbol }: { symbol: string }) {
  const key = symbol.trim().toUpperCase();
  const loggedIn = useStoredToken() !== null;
  const { pathname, search } = useLocation();
  const watchlist = useWatchlist({ enabled: loggedIn });
  const append = useWatchlistAppend();
  const remove = useWatchlistRemove();
  // The state asked for while its call runs; null shows the loaded watchlist.
  const [wanted, setWanted] = useState<boolean | null>(null);

  const inWatchlist = watchlist.data?.exchange_tickers.includes(key) ?? false;
  const busy = append.isPending || remove.isPending;
  const checked = busy && wanted !== null ? wanted : inWatchlist;
  const loaded = watchlist.data !== undefined;

  const toggle = (next: boolean) => {
    const action = watchAction(inWatchlist, next);
    if (action === null) return;
    setWanted(next);
    const mutation = action === 'append' ? append : remove;
    mutation.mutate({ symbol: key, list: DEFAULT_WATCHLIST }, { onSettled: () => setWanted(null) });
  };

  const next = encodeURIComponent(`${pathname}${search}`);
  return (
    <Stack gap={4}>
      <Checkbox
        label={`Watch ${key}`}
        description={loggedIn ? 'Keep it in your watchlist on the dashboard' : undefined}
        checked={checked}
        disabled={!loggedIn || !loaded || busy}
        aria-busy={loggedIn && (!loaded || busy)}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      {!loggedIn && (
        <Text size="xs" c="dimmed">
          <Anchor component={Link} to={`/login?next=${next}`} size="xs">
            Log in
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/register?watch_stock=company" size="xs">
            register
          </Anchor>{' '}
          to watch this company.
        </Text>
      )}
      {loggedIn && watchlist.isError && (
        <Text size="xs" c="red" role="alert">
          Your watchlist could not be loaded: {watchlist.error.message}
        </Text>
      )}
    </Stack>
  );
}
