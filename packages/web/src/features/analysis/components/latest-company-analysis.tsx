import { newsLink } from '@app/shared/display/slug';
import { timeAgo } from '@app/shared/display/timeago';
import { Anchor, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { Link } from '../../../components/link';
import { MarkdownText } from '../../../components/markdown/markdown-text';
import { SentimentBadge } from '../../../components/sentiment-badge';
import { useLatestCompanyAnalysis } from '../api/company-analyses';
import { citationHrefs } from './analysis-card';
import { SectionCard } from '../../../components/section-card';
import { SourcesToggle } from '../../../components/sources-toggle';
import { formatDateTime } from '@app/shared/display/dates';

export const NO_ANALYSIS_TEXT = 'The AI analyst has not reviewed this company yet.';

/**
 * The company page's AI review (spec §7 "a company's latest AI review"): the newest analysis's
 * summary, sentiment, date and the articles it cites (behind "Sources (n)"), with a link to all
 * its analyses.
 */
export function LatestCompanyAnalysis({
  companyId,
  symbol,
}: {
  companyId: string;
  symbol: string | null;
}) {
  const headingId = useId();
  const sourcesId = useId();
  const [sourcesOpened, { toggle: toggleSources }] = useDisclosure(false);
  const latest = useLatestCompanyAnalysis(symbol ? { symbol } : { companyId });
  const analysis = latest.data;
  const uploaded = analysis ? new Date(analysis.ai_upload_date * 1000) : null;
  return (
    <SectionCard labelledBy={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              AI review
            </Title>
            {analysis && uploaded && (
              <Text size="xs" c="dimmed">
                <time dateTime={uploaded.toISOString()} title={formatDateTime(uploaded)}>
                  {timeAgo(analysis.ai_upload_date)}
                </time>
              </Text>
            )}
          </Stack>
          {analysis && <SentimentBadge score={Math.round(analysis.sentiment_score)} />}
        </Group>
        {latest.isPending ? (
          <Skeleton height={80} radius="md" />
        ) : latest.isError ? (
          <Text size="sm" c="dimmed">
            The AI review could not be loaded.
          </Text>
        ) : analysis ? (
          <>
            <MarkdownText citations={citationHrefs(analysis)}>{analysis.ai_summary}</MarkdownText>
            {analysis.citations.length > 0 && (
              // Closed at first: the timeline beside the review lists the same stories, and the
              // review's [n] markers link to them.
              <SourcesToggle
                listId={sourcesId}
                count={analysis.citations.length}
                opened={sourcesOpened}
                onToggle={toggleSources}
              >
                <List size="sm" type="ordered" spacing={2} id={sourcesId} mt="xs">
                  {analysis.citations.map((citation) => (
                    <List.Item key={citation.id}>
                      {citation.title ? (
                        <Anchor component={Link} to={newsLink(citation.id, citation.title)}>
                          {citation.title}
                        </Anchor>
                      ) : (
                        <Text span c="dimmed" size="sm">
                          An article no longer available
                        </Text>
                      )}
                      {citation.publisher && (
                        <Text span c="dimmed" size="xs">
                          {' '}
                          · {citation.publisher}
                        </Text>
                      )}
                    </List.Item>
                  ))}
                </List>
              </SourcesToggle>
            )}
          </>
        ) : (
          <Text size="sm">{NO_ANALYSIS_TEXT}</Text>
        )}
        {symbol && (
          <Anchor component={Link} to={`/analysis/${symbol}`} size="sm" fw={600}>
            All analyses of {symbol} <IconArrowRight size={14} aria-hidden="true" />
          </Anchor>
        )}
      </Stack>
    </SectionCard>
  );
}
