import { Anchor, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDay } from '@app/shared/display/dates';
import type { Holding } from '@app/shared/api/portfolio';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { formatPercent } from '@app/shared/display/format';
import { timeAgo } from '@app/shared/display/timeago';
import { Link } from '../../../components/link';
import { tickerPath } from '../../../lib/ticker-path';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { ChangeText, changeClass } from '../../../components/change-display';
import { useNewsList } from '../../news';
import { useCalendarEvents } from '../api/calendar';
import { useRecommendations } from '../api/recommendations';
import { isEmptySnapshot, usePortfolioSnapshot } from '../api/snapshot';
import { addDays, todayIso } from '../dates';
import { KIND_LABELS } from './calendar-views';
import { formatSignedMoney } from './portfolio-format';
import classes from './portfolio.module.css';
import { TableHead } from '../../../components/table-head';

/** How many rows a widget lists. */
const WIDGET_ROWS = 5;
/** Upcoming events: the next 31 days (spec §9 month). */
const UPCOMING_DAYS = 31;

function NoPortfolio() {
  return (
    <Text size="sm" c="dimmed">
      Nothing tracked yet.{' '}
      <Anchor component={Link} to={PAGE_PATHS.portfolioRegister}>
        Track a purchase
      </Anchor>
    </Text>
  );
}

function SymbolLink({ symbol }: { symbol: string }) {
  return (
    <Anchor component={Link} to={tickerPath(symbol)} className={classes.symbol} size="sm">
      {symbol}
    </Anchor>
  );
}

/** Today's largest moves among the user's holdings (from the snapshot). */
export function MoversWidget() {
  const snapshot = usePortfolioSnapshot();
  useFailureToast(snapshot.error, 'Your portfolio could not be loaded');
  if (snapshot.isPending) return <Skeleton height={120} radius="md" />;
  if (snapshot.isError) return <Text c="red">{snapshot.error.message}</Text>;
  if (isEmptySnapshot(snapshot.data)) return <NoPortfolio />;
  const movers = snapshot.data.holdings
    .filter(
      (holding): holding is Holding & { day_change_pct: number } => holding.day_change_pct !== null,
    )
    .sort((a, b) => Math.abs(b.day_change_pct) - Math.abs(a.day_change_pct))
    .slice(0, WIDGET_ROWS);
  if (movers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No price moves yet today.
      </Text>
    );
  }
  return (
    <Table verticalSpacing={4} aria-label="Movers today">
      <Table.Tbody>
        {movers.map((holding) => (
          <Table.Tr key={holding.symbol}>
            <Table.Td>
              <SymbolLink symbol={holding.symbol} />
            </Table.Td>
            <Table.Td className={classes.number}>
              <ChangeText value={holding.day_change_pct} format="percent" />
            </Table.Td>
            <Table.Td className={classes.number}>
              <span className={changeClass(holding.day_change)}>
                {formatSignedMoney(holding.day_change, holding.currency)}
              </span>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function HoldingsNewsList({ symbols }: { symbols: readonly string[] }) {
  const news = useNewsList(
    { related_exchange_tickers__in: symbols.join(','), order_by: '-creation_date' },
    WIDGET_ROWS,
  );
  useFailureToast(news.error, 'News could not be loaded');
  if (news.isPending) return <Skeleton height={120} radius="md" />;
  if (news.isError) return <Text c="red">{news.error.message}</Text>;
  if (news.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No news on your holdings yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {news.data.map((article) => (
        <li key={article.id}>
          <Anchor
            component={Link}
            to={`${PAGE_PATHS.newsView}?id=${encodeURIComponent(article.id)}`}
            size="sm"
            lineClamp={2}
          >
            {article.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {article.publisher} · {timeAgo(article.creation_date)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

/** The newest articles that name one of the user's holdings. */
export function HoldingsNewsWidget() {
  const snapshot = usePortfolioSnapshot();
  if (snapshot.isPending) return <Skeleton height={120} radius="md" />;
  if (snapshot.isError) return <Text c="red">{snapshot.error.message}</Text>;
  const symbols = snapshot.data.holdings.map((holding) => holding.symbol);
  if (symbols.length === 0) return <NoPortfolio />;
  return <HoldingsNewsList symbols={symbols} />;
}

/** Earnings, dividends and the user's events of the next month. */
export function UpcomingEventsWidget() {
  const today = todayIso();
  const events = useCalendarEvents({ from: today, to: addDays(today, UPCOMING_DAYS) });
  useFailureToast(events.error, 'The calendar could not be loaded');
  if (events.isPending) return <Skeleton height={120} radius="md" />;
  if (events.isError) return <Text c="red">{events.error.message}</Text>;
  const upcoming = [...events.data]
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, WIDGET_ROWS);
  if (upcoming.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing in the next {UPCOMING_DAYS} days.{' '}
        <Anchor component={Link} to={PAGE_PATHS.dashboardCalendar}>
          Open the calendar
        </Anchor>
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {upcoming.map((event, index) => (
        <li key={event.id ?? `${event.kind}-${event.date}-${String(index)}`}>
          <Text size="sm">
            <strong>{KIND_LABELS[event.kind]}</strong> · {event.title}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDay(event.date, { weekday: true })}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

/** Percent without decimals (spec §9: the recommendations table), coloured by direction. */
function WholePercent({ value }: { value: number | null }) {
  return <span className={changeClass(value)}>{formatPercent(value ?? Number.NaN, 0)}</span>;
}

/** The analyst's 20 recommendations (spec §9), with the reason in one line. */
export function RecommendationsWidget() {
  const recommendations = useRecommendations();
  if (recommendations.isPending) return <Skeleton height={160} radius="md" />;
  if (recommendations.isError) {
    return (
      <Text size="sm" c="dimmed">
        Recommendations could not be loaded.
      </Text>
    );
  }
  if (recommendations.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No recommendations right now.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420} maxHeight={420}>
      <Table verticalSpacing={4} aria-label="Recommendations" stickyHeader>
        <TableHead
          columns={[
            'Company',
            { label: 'Month', className: classes.number },
            { label: 'Year', className: classes.number },
          ]}
        />
        <Table.Tbody>
          {recommendations.data.map((row) => (
            <Table.Tr key={row.exchange_ticker}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <SymbolLink symbol={row.exchange_ticker} />
                  <Text size="xs" c="dimmed" truncate>
                    {row.company_name}
                  </Text>
                </Group>
                <Text size="xs">{row.reason}</Text>
              </Table.Td>
              <Table.Td className={classes.number}>
                <WholePercent value={row.change_pct_31} />
              </Table.Td>
              <Table.Td className={classes.number}>
                <WholePercent value={row.change_pct_365} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
