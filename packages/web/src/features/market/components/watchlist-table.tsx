import { ActionIcon, Anchor, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatPrice, NOT_AVAILABLE } from '@app/shared/display/format';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import { useWatchlistAppend } from '../api/watchlist-append';
import { useWatchlistRemove } from '../api/watchlist-remove';
import { ChangeArrowIcon, ChangeLevelIcon, ChangeText } from '../../../components/change-display';
import classes from './market-table.module.css';
import type { WatchlistRow } from './watchlist-rows';
import { tickerPath } from '../../../lib/ticker-path';
import { AlertMeButton } from '../../alert-rules';
import { TableHead } from '../../../components/table-head';

/** What a row offers: removal (own list), adding (a suggestion), or nothing (visitors). */
export type WatchlistRowAction = 'remove' | 'add' | 'none';

function price(value: number | null, currency: string): string {
  return value === null ? NOT_AVAILABLE : formatPrice(value, currency);
}

function AddButton({ symbol, list }: { symbol: string; list: string }) {
  const append = useWatchlistAppend();
  return (
    <Tooltip label="Add to your watchlist">
      <ActionIcon
        variant="subtle"
        aria-label={`Watch ${symbol}`}
        loading={append.isPending}
        onClick={() => append.mutate({ symbol, list })}
      >
        <IconPlus size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

interface RowProps {
  row: WatchlistRow;
  action: WatchlistRowAction;
  list: string;
}

/**
 * One symbol of the watchlist panel. Spec §4: while its removal runs the row is marked deleted
 * (dimmed and struck through); it goes when the server's answer no longer lists it.
 */
function WatchlistRowView({ row, action, list }: RowProps) {
  const remove = useWatchlistRemove();
  const deleted = remove.isPending;
  return (
    <Table.Tr
      className={classes.row}
      data-deleted={deleted || undefined}
      data-unavailable={row.price === null || undefined}
      aria-busy={deleted}
    >
      <Table.Td>
        <Group gap={8} wrap="nowrap">
          {row.change_pct !== null && <ChangeLevelIcon pct={row.change_pct} />}
          <div className={classes.identity}>
            <Anchor component={Link} to={tickerPath(row.symbol)} className={classes.symbol}>
              {row.symbol}
            </Anchor>
            <span className={classes.company} title={row.company_name}>
              {row.company_name}
            </span>
          </div>
        </Group>
      </Table.Td>
      <Table.Td className={classes.number}>{price(row.price, row.currency)}</Table.Td>
      <Table.Td className={classes.number}>
        <ChangeText value={row.change} format="change" colorBy={row.change_pct} />
      </Table.Td>
      <Table.Td className={classes.number}>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {row.change_pct !== null && <ChangeArrowIcon pct={row.change_pct} />}
          <ChangeText value={row.change_pct} format="percent" />
        </Group>
      </Table.Td>
      <Table.Td className={classes.number}>
        {row.day_low === null || row.day_high === null
          ? NOT_AVAILABLE
          : `${price(row.day_low, row.currency)} – ${price(row.day_high, row.currency)}`}
      </Table.Td>
      {action === 'remove' && (
        <Table.Td>
          <AlertMeButton symbol={row.symbol} price={row.price} compact />
        </Table.Td>
      )}
      {action === 'remove' && (
        <Table.Td>
          <Tooltip label="Remove from watchlist">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${row.symbol} from your watchlist`}
              disabled={deleted}
              onClick={() => remove.mutate({ symbol: row.symbol, list })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Table.Td>
      )}
      {action === 'add' && (
        <Table.Td>
          <AddButton symbol={row.symbol} list={list} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

export interface WatchlistTableProps {
  rows: readonly WatchlistRow[];
  action: WatchlistRowAction;
  list: string;
  /** Accessible name of the table. */
  label: string;
}

/** Spec §3 watchlist rows: symbol, company, price, change, change %, day range. */
export function WatchlistTable({ rows, action, list, label }: WatchlistTableProps) {
  return (
    <>
      <Table.ScrollContainer minWidth={600}>
        <Table
          className={classes.table}
          verticalSpacing="xs"
          horizontalSpacing="xs"
          highlightOnHover
          aria-label={label}
        >
          <TableHead
            columns={[
              'Company',
              { label: 'Price', className: classes.number },
              { label: 'Since open', className: classes.number },
              { label: 'Since open %', className: classes.number },
              { label: 'Day range', className: classes.number },
              action === 'remove' && {
                key: 'alert',
                label: <VisuallyHidden>Alert</VisuallyHidden>,
              },
              action !== 'none' && {
                key: 'action',
                label: <VisuallyHidden>{action === 'remove' ? 'Remove' : 'Watch'}</VisuallyHidden>,
              },
            ]}
          />
          <Table.Tbody>
            {rows.map((row) => (
              <WatchlistRowView key={row.symbol} row={row} action={action} list={list} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={6}>
        Change is measured from the session’s opening price (the last session’s while the market is
        closed).
        <Text component="span" size="xs" hiddenFrom="md">
          {' '}
          Swipe the table sideways to see every column.
        </Text>
      </Text>
    </>
  );
}
