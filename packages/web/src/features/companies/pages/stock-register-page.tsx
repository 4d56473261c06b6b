import { Card, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useStoredToken } from '../../../lib/use-stored-token';
import { VisitorWatchNotice } from '../components/visitor-watch-notice';
import classes from './stock-register-page.module.css';
import { CompanyInfoCard, WatchCheckbox } from '../../market';
import { SuggestionInput } from '../../tickers';

/**
 * /stock/register (spec §2 stock tracker): find a company by ticker or name; the chosen ticker
 * (kept in ?symbol=) shows its company card and the watch checkbox.
 */
export function StockRegisterPage() {
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const loggedIn = useStoredToken() !== null;

  return (
    <Stack gap="lg" className={classes.page}>
      <div>
        <Title order={1} size="h2">
          Watch a company
        </Title>
        <Text c="dimmed" mt={4}>
          Find a company by its ticker or name, then add it to your watchlist.
        </Text>
      </div>

      {!loggedIn && <VisitorWatchNotice />}

      <Card withBorder radius="lg" padding="lg">
        <SuggestionInput
          // Choosing another ticker (or going back) refills the field.
          key={symbol}
          source="ticker"
          label="Ticker or company"
          description="For example AAPL, NASDAQ:MSFT or Tesla. Enter takes the best match."
          placeholder="Ticker or company name"
          size="md"
          defaultValue={symbol}
          onPick={(choice) => setParams({ symbol: choice })}
        />
      </Card>

      {symbol !== '' && (
        <Stack gap="md" aria-live="polite">
          <Card withBorder radius="lg" padding="md">
            <WatchCheckbox symbol={symbol} />
          </Card>
          <CompanyInfoCard symbol={symbol} />
        </Stack>
      )}
    </Stack>
  );
}
