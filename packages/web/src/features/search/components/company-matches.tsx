import { Alert, Grid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import type { Suggestion } from '../../tickers';
import type { CompanySearch } from '../use-deferred-search';
import classes from './company-matches.module.css';
import { tickerPath } from '../../../lib/ticker-path';
import { CompanyInfoCard } from '../../market';
import { SectionCard } from '../../../components/section-card';

function OtherMatches({ matches }: { matches: readonly Suggestion[] }) {
  return (
    <SectionCard labelledBy="other-matches">
      <Title order={3} size="h5" id="other-matches" mb="sm">
        Other matches
      </Title>
      {matches.length === 0 ? (
        <Text size="sm" c="dimmed">
          No other company matches.
        </Text>
      ) : (
        <ul className={classes.list}>
          {matches.map((match) => (
            <li key={match.symbol}>
              <UnstyledButton
                component={Link}
                to={tickerPath(match.symbol)}
                className={classes.row}
              >
                <span className={classes.text}>
                  <span className={classes.symbol}>{match.symbol}</span>{' '}
                  <span className={classes.info}>{match.info}</span>
                </span>
                <IconChevronRight size={16} aria-hidden="true" className={classes.chevron} />
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** Search page, company part: the best match's info card and the other matches. */
export function CompanyMatches({ query, search }: { query: string; search: CompanySearch }) {
  if (search.status === 'idle') return null;
  if (search.status === 'pending') {
    return (
      <Stack gap="sm" role="status" aria-label="Searching companies">
        <Skeleton height={24} width={200} />
        <Skeleton height={180} radius="lg" />
      </Stack>
    );
  }
  if (search.status === 'error') {
    return (
      <Alert color="red" title="The company search failed">
        {search.message}
      </Alert>
    );
  }
  const [best, ...others] = search.result.suggestions;
  return (
    <section aria-labelledby="company-results">
      <Title order={2} size="h4" id="company-results" mb="sm">
        Companies
      </Title>
      {best === undefined ? (
        <Text c="dimmed">No company or ticker matches “{query}”.</Text>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <CompanyInfoCard symbol={best.symbol} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OtherMatches matches={others} />
          </Grid.Col>
        </Grid>
      )}
    </section>
  );
}
