import { Card, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { setHighlightSearch } from '../../../lib/session-store';
import { CompanyMatches } from '../components/company-matches';
import { NewsResults } from '../components/news-results';
import { SuggestionInput } from '../../tickers';
import { useDeferredCompanySearch } from '../use-deferred-search';
import { tickerPath } from '../../../lib/ticker-path';

/** /search?q= (spec §2 search page): the search field, the matching companies, then the news. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = (params.get('q') ?? '').trim();
  const search = useDeferredCompanySearch(query);
  // Spec §3 session store: the last search's words, highlighted in its results.
  useEffect(() => {
    if (query !== '') setHighlightSearch(query);
  }, [query]);

  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={1} size="h3">
            {query === '' ? 'Search' : `Results for “${query}”`}
          </Title>
          <SuggestionInput
            // A new q (from the bars) refills the field.
            key={query}
            label="Company name or ticker"
            placeholder="e.g. Apple or NASDAQ:AAPL"
            size="md"
            defaultValue={query}
            onSubmitText={(text) => setParams({ q: text })}
            onPick={(symbol) => void navigate(tickerPath(symbol))}
          />
          {query === '' && (
            <Text size="sm" c="dimmed">
              Type a company name or a ticker such as AAPL, then press Enter or choose a suggestion.
            </Text>
          )}
        </Stack>
      </Card>

      <CompanyMatches query={query} search={search} />

      <NewsResults query={query} />
    </Stack>
  );
}
