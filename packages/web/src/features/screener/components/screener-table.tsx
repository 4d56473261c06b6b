import type { ScreenerField, ScreenerRow } from '@app/shared/api/screener';
import {
  formatCompact,
  formatPercent,
  formatPrice,
  formatSigned,
  formatVolume,
} from '@app/shared/display/format';
import { Anchor, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '../../../components/link';
import { ChangeText } from '../../../components/change-display';
import type { Sort } from '../screener-params';
import classes from './screener-table.module.css';

type Column = {
  field: ScreenerField;
  label: string;
  /** Sorted from A (text) rather than from the largest. */
  text?: boolean;
  cell: (row: ScreenerRow) => ReactNode;
};

/** A figure nobody knows is said to be unknown, never guessed. */
const unknown = (
  <Text span size="xs" c="dimmed" fs="italic">
    unknown
  </Text>
);
const known = <T,>(value: T | null, show: (value: T) => ReactNode) =>
  value === null ? unknown : show(value);
const change = (value: number | null) =>
  known(value, (v) => <ChangeText value={v} format="percent" />);

/**
 * Price and the day's change come right after the company, as on every quote list: on a phone
 * they are what fits beside the name, which stays in view while the rest scrolls sideways.
 */
const COLUMNS: Column[] = [
  {
    field: 'company_name',
    label: 'Company',
    text: true,
    cell: (row) => (
      <div className={classes.company}>
        <Anchor component={Link} to={`/ticker/${row.exchange_ticker}`} fw={600} size="sm">
          {row.exchange_ticker}
        </Anchor>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {row.company_name}
        </Text>
      </div>
    ),
  },
  {
    field: 'price',
    label: 'Price',
    cell: (row) => known(row.price, (v) => formatPrice(v, row.currency ?? undefined)),
  },
  { field: 'change_pct_1', label: 'Day', cell: (row) => change(row.change_pct_1) },
  { field: 'change_pct_8', label: 'Week', cell: (row) => change(row.change_pct_8) },
  { field: 'change_pct_31', label: 'Month', cell: (row) => change(row.change_pct_31) },
  { field: 'change_pct_365', label: 'Year', cell: (row) => change(row.change_pct_365) },
  {
    field: 'market_cap',
    label: 'Market cap',
    cell: (row) => known(row.market_cap, (v) => formatCompact(v)),
  },
  {
    field: 'sector',
    label: 'Sector',
    text: true,
    cell: (row) => known(row.sector, (v) => <Text size="xs">{v}</Text>),
  },
  {
    field: 'from_high_pct',
    label: 'From 52w high',
    cell: (row) => known(row.from_high_pct, (v) => formatPercent(v)),
  },
  {
    field: 'from_low_pct',
    label: 'From 52w low',
    cell: (row) => known(row.from_low_pct, (v) => formatPercent(v)),
  },
  {
    field: 'avg_volume',
    label: 'Avg volume',
    cell: (row) => known(row.avg_volume, (v) => formatVolume(v)),
  },
  {
    field: 'dividend_yield',
    label: 'Div. yield',
    cell: (row) => known(row.dividend_yield, (v) => `${v.toFixed(2)}%`),
  },
  { field: 'pe_ratio', label: 'P/E', cell: (row) => known(row.pe_ratio, (v) => v.toFixed(1)) },
  { field: 'news_count_7d', label: 'News 7d', cell: (row) => row.news_count_7d },
  {
    field: 'sentiment_7d',
    label: 'Sentiment 7d',
    cell: (row) => known(row.sentiment_7d, (v) => formatSigned(v, 1)),
  },
];

export interface ScreenerTableProps {
  rows: readonly ScreenerRow[];
  sort: Sort | null;
  onSort: (field: ScreenerField, text: boolean) => void;
}

/** The matches, one row a listing; every column header sorts. */
export function ScreenerTable({ rows, sort, onSort }: ScreenerTableProps) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped highlightOnHover className={classes.table} aria-label="Screener results">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => {
              const active = sort?.field === column.field ? sort.direction : null;
              const Icon =
                active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconSelector;
              return (
                <Table.Th
                  key={column.field}
                  data-first={column === COLUMNS[0] || undefined}
                  aria-sort={
                    active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined
                  }
                  className={column.text ? undefined : classes.number}
                >
                  <UnstyledButton
                    className={classes.sort}
                    onClick={() => onSort(column.field, column.text === true)}
                    aria-label={`Sort by ${column.label}`}
                  >
                    {column.label}
                    <Icon size={14} aria-hidden />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.exchange_ticker}>
              {COLUMNS.map((column) => (
                <Table.Td
                  key={column.field}
                  data-first={column === COLUMNS[0] || undefined}
                  className={column.text ? undefined : classes.number}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
