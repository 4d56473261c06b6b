import { Anchor, Group, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Holding } from '@app/shared/api/portfolio';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from '../../../components/link';
import { tickerPath } from '../../../lib/ticker-path';
import { AlertMeButton } from '../../alert-rules';
import { DemoDataBadge } from '../../market';
import { ChangeText, changeClass } from '../../../components/change-display';
import { SectionCard } from '../../../components/section-card';
import { DEFAULT_HOLDING_SORT, nextSort, sortHoldings } from './holdings-sort';
import type { HoldingSort, HoldingSortKey } from './holdings-sort';
import { formatMoney, formatQuantity, formatSignedMoney } from './portfolio-format';
import classes from './portfolio.module.css';

const COLUMNS: { key: HoldingSortKey; label: string; numeric: boolean }[] = [
  { key: 'symbol', label: 'Company', numeric: false },
  { key: 'quantity', label: 'Shares', numeric: true },
  { key: 'average_cost', label: 'Avg cost', numeric: true },
  { key: 'price', label: 'Price', numeric: true },
  { key: 'market_value', label: 'Value', numeric: true },
  { key: 'day_change_pct', label: 'Day', numeric: true },
  { key: 'unrealized_pnl', label: 'P&L', numeric: true },
  { key: 'weight_pct', label: 'Weight', numeric: true },
];

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  sort: HoldingSort;
  onSort: (key: HoldingSortKey) => void;
}) {
  const active = sort.key === column.key;
  const Icon = !active
    ? IconArrowsSort
    : sort.direction === 'asc'
      ? IconSortAscending
      : IconSortDescending;
  return (
    <Table.Th
      className={column.numeric ? classes.number : undefined}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(column.key)}>
        <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : 'flex-start'}>
          {column.label}
          <Icon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function HoldingRow({ holding }: { holding: Holding }) {
  const { currency } = holding;
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={tickerPath(holding.symbol)} className={classes.symbol}>
          {holding.symbol}
        </Anchor>
        <span className={classes.company} title={holding.company_name}>
          {holding.company_name}
        </span>
      </Table.Td>
      <Table.Td className={classes.number}>{formatQuantity(holding.quantity)}</Table.Td>
      <Table.Td className={classes.number}>{formatMoney(holding.average_cost, currency)}</Table.Td>
      <Table.Td className={classes.number}>{formatMoney(holding.price, currency)}</Table.Td>
      <Table.Td className={classes.number}>{formatMoney(holding.market_value, currency)}</Table.Td>
      <Table.Td className={classes.number}>
        <ChangeText value={holding.day_change_pct} format="percent" />
      </Table.Td>
      <Table.Td className={classes.number}>
        <span className={changeClass(holding.unrealized_pnl)}>
          {formatSignedMoney(holding.unrealized_pnl, currency)}
        </span>
        <Text size="xs" component="div">
          <ChangeText value={holding.unrealized_pnl_pct} format="percent" />
        </Text>
      </Table.Td>
      <Table.Td className={classes.number}>
        {holding.weight_pct === null ? '—' : `${holding.weight_pct.toFixed(2)}%`}
      </Table.Td>
      <Table.Td>
        <AlertMeButton symbol={holding.symbol} price={holding.price} compact />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The open positions: sortable by every column, P&L and day moves coloured by direction (spec
 * §9), each company linked to its page.
 */
export function HoldingsTable({ holdings }: { holdings: readonly Holding[] }) {
  const [sort, setSort] = useState<HoldingSort>(DEFAULT_HOLDING_SORT);
  const titleId = useId();
  const rows = sortHoldings(holdings, sort);
  const demo = holdings.some((holding) => holding.source === 'demo');
  return (
    <SectionCard labelledBy={titleId} className={classes.card}>
      <Group gap="xs" mb="sm">
        <Title order={2} size="h4" id={titleId}>
          Holdings
        </Title>
        {demo && <DemoDataBadge size="xs" />}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No open positions: everything recorded has been sold.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <SortHeader
                    key={column.key}
                    column={column}
                    sort={sort}
                    onSort={(key) => setSort((current) => nextSort(current, key))}
                  />
                ))}
                <Table.Th>
                  <VisuallyHidden>Alert</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((holding) => (
                <HoldingRow key={holding.symbol} holding={holding} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
