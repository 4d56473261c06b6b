import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DEFAULT_TICKERS, DEFAULT_WATCHLIST } from '@app/shared/api/market';
import { IconLogin, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '../../../components/link';
import { useStoredToken } from '../../../lib/use-stored-token';
import { useFinancialsList } from '../api/financials';
import { useWatchlistClear } from '../api/watchlist-clear';
import { useWatchlist, WATCHLIST_REFRESH_MS } from '../api/watchlist-get';
import { DemoDataBadge } from './demo-data-badge';
import classes from './market-table.module.css';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { WatchlistTable } from './watchlist-table';
import type { WatchlistRowAction } from './watchlist-table';
import { toWatchlistRows } from './watchlist-rows';
import type { WatchlistRow } from './watchlist-rows';
import { SectionCard } from '../../../components/section-card';

/** Spec §5: the confirmation of a destructive 'all' action. */
export const CONFIRM_PROCEED = 'Are you sure you want to proceed?';

const TITLE_ID = 'watchlist-panel-title';

function PanelCard({
  rows,
  actions,
  children,
}: {
  rows?: readonly WatchlistRow[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  const demo = rows?.some((row) => row.source === 'demo') ?? false;
  return (
    <SectionCard labelledBy={TITLE_ID} className={classes.card}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id={TITLE_ID}>
            Watchlist
          </Title>
          {demo && <DemoDataBadge size="xs" />}
        </Group>
        {actions}
      </Group>
      {children}
    </SectionCard>
  );
}

/** Spec §9 default tickers with their quotes, refreshed every 10 s. */
function DefaultTickers({ action, intro }: { action: WatchlistRowAction; intro: ReactNode }) {
  const quotes = useFinancialsList(DEFAULT_TICKERS, { refetchInterval: WATCHLIST_REFRESH_MS });
  useFailureToast(quotes.error, 'Prices could not be loaded');
  const rows = quotes.data ? toWatchlistRows(DEFAULT_TICKERS, quotes.data) : undefined;
  return (
    <PanelCard rows={rows}>
      <Stack gap="sm">
        {intro}
        {quotes.isPending && <Skeleton height={150} radius="md" />}
        {quotes.isError && !rows && <Alert color="red">{quotes.error.message}</Alert>}
        {rows && (
          <WatchlistTable
            rows={rows}
            action={action}
            list={DEFAULT_WATCHLIST}
            label="Default watchlist"
          />
        )}
      </Stack>
    </PanelCard>
  );
}

function LoginToKeepList() {
  return (
    <Alert color="blue" variant="light" title="Keep your own watchlist">
      <Stack gap="xs">
        <Text size="sm">
          These are the default tickers. Log in or create a free account to keep your own list.
        </Text>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/login?next=${encodeURIComponent('/dashboard')}`}
            size="xs"
            leftSection={<IconLogin size={16} />}
          >
            Login
          </Button>
          <Button
            component={Link}
            to="/register?watch_stock=company"
            size="xs"
            variant="default"
            leftSection={<IconUserPlus size={16} />}
          >
            Register
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function ClearButton() {
  const clear = useWatchlistClear();
  const confirm = () => {
    modals.openConfirmModal({
      title: 'Clear your watchlist',
      children: <Text size="sm">{CONFIRM_PROCEED}</Text>,
      labels: { confirm: 'Clear', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => clear.mutate(DEFAULT_WATCHLIST),
    });
  };
  return (
    <Button size="xs" variant="subtle" color="red" onClick={confirm} loading={clear.isPending}>
      Clear list
    </Button>
  );
}

/** The logged-in user's default watchlist with quotes, refreshed every 10 s. */
function OwnWatchlist() {
  const watchlist = useWatchlist({ withFinancials: true, poll: true });
  useFailureToast(watchlist.error, 'Watchlist could not be loaded');
  const { data } = watchlist;

  if (data && data.exchange_tickers.length === 0) {
    return (
      <DefaultTickers
        action="add"
        intro={
          <Text size="sm" c="dimmed">
            Your watchlist is empty. Start with the default tickers below, or watch a company from
            its page.
          </Text>
        }
      />
    );
  }
  const rows = data ? toWatchlistRows(data.exchange_tickers, data.financials) : undefined;
  return (
    <PanelCard rows={rows} actions={rows && <ClearButton />}>
      {watchlist.isPending && <Skeleton height={150} radius="md" />}
      {watchlist.isError && !rows && <Alert color="red">{watchlist.error.message}</Alert>}
      {rows && (
        <WatchlistTable
          rows={rows}
          action="remove"
          list={data?.name ?? DEFAULT_WATCHLIST}
          label="Your watchlist"
        />
      )}
    </PanelCard>
  );
}

/**
 * Spec §2 trading home watchlist panel: the user's default list, or for visitors the default
 * tickers (SMCI, INTC, AMD) without remove buttons and with a prompt to log in.
 */
export function WatchlistPanel() {
  const loggedIn = useStoredToken() !== null;
  if (loggedIn) return <OwnWatchlist />;
  return <DefaultTickers action="none" intro={<LoginToKeepList />} />;
}
