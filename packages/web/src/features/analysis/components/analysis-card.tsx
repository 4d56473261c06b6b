import { SentimentBadge } from '../../../components/sentiment-badge';
import type { CompanyAnalysis } from '@app/shared/api/analysis';
import type { Company } from '@app/shared/api/companies';
import { newsLink } from '@app/shared/display/slug';
import { timeAgo } from '@app/shared/display/timeago';
import { Anchor, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { Link } from '../../../components/link';
import { MarkdownText } from '../../../components/markdown/markdown-text';
import { tickerPath } from '../../../lib/ticker-path';
import { PriceChart, StockTable } from '../../market';
import { formatDateTime } from '@app/shared/display/dates';

/** `[n]` of the analysis links to its n-th cited article: `/n/{id}#{SLUG}`. */
export function citationHrefs(analysis: CompanyAnalysis): string[] {
  return analysis.citations.map((citation) => newsLink(citation.id, citation.title ?? ''));
}

/**
 * Spec §2 "Analyst summaries": one company analysis with its company link, the analysis (markdown,
 * headings shifted by 4, citation markers linking to the articles), its stock table and chart.
 */
export function AnalysisCard({
  analysis,
  company,
  showMarket = true,
}: {
  analysis: CompanyAnalysis;
  company: Company | undefined;
  /** The stock table and chart (a symbol page shows them once, above its analyses). */
  showMarket?: boolean;
}) {
  const headingId = useId();
  const symbol = company?.exchange_tickers[0] ?? null;
  const score = Math.round(analysis.sentiment_score);
  const uploaded = new Date(analysis.ai_upload_date * 1000);
  const citations = useMemo(() => citationHrefs(analysis), [analysis]);
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h3" id={headingId}>
              {company && symbol ? (
                <Anchor component={Link} to={tickerPath(symbol)} inherit>
                  {company.company_name}
                </Anchor>
              ) : (
                (company?.company_name ?? 'Company analysis')
              )}
            </Title>
            <Text size="sm" c="dimmed">
              {symbol && `${symbol} · `}
              <time dateTime={uploaded.toISOString()} title={formatDateTime(uploaded)}>
                {timeAgo(analysis.ai_upload_date)}
              </time>
            </Text>
          </Stack>
          <SentimentBadge score={score} />
        </Group>
        {showMarket && symbol ? (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <MarkdownText citations={citations}>{analysis.ai_summary}</MarkdownText>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Stack gap="lg">
                <StockTable symbol={symbol} />
                <PriceChart symbol={symbol} />
              </Stack>
            </Grid.Col>
          </Grid>
        ) : (
          <MarkdownText citations={citations}>{analysis.ai_summary}</MarkdownText>
        )}
      </Stack>
    </Card>
  );
}
