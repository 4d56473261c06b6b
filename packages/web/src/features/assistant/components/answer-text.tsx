import { Anchor, List, Stack, Text } from '@mantine/core';
import type { PromptCitation } from '@app/shared/api/prompts';
import { formatDateTime } from '@app/shared/display/dates';
import type { ReactNode } from 'react';
import { Link } from '../../../components/link';
import { MarkdownText } from '../../../components/markdown/markdown-text';
import classes from './assistant.module.css';

/** What a citation points at, in words: 'Reuters · Apple beats… · 24 Nov 2026, 14:05'. */
export function citationLabel(citation: PromptCitation): string {
  switch (citation.kind) {
    case 'article':
      return `${citation.publisher} · ${citation.title} · ${formatDateTime(citation.date)}`;
    case 'quote':
      return `${citation.exchange_ticker} quote as of ${formatDateTime(citation.as_of)}`;
    case 'analysis':
      return `${citation.exchange_ticker} AI analysis of ${formatDateTime(citation.date)}`;
  }
}

/** Only our own pages are linked from an answer (the server builds relative URLs). */
function internalPath(url: string): string | null {
  return url.startsWith('/') && !url.startsWith('//') ? url : null;
}

function CitationLink({ n, citation }: { n: number; citation: PromptCitation | undefined }) {
  const path = citation ? internalPath(citation.url) : null;
  if (!citation || path === null) return <>[{n}]</>;
  return (
    <Anchor component={Link} to={path} title={citationLabel(citation)} className={classes.marker}>
      [{n}]
    </Anchor>
  );
}

/** Plain text with its `[n]` markers as links (answers asked for without markdown). */
function PlainAnswer({ text, citations }: { text: string; citations: readonly PromptCitation[] }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d+)\]/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const n = Number(match[1]);
    parts.push(<CitationLink key={match.index} n={n} citation={citations[n - 1]} />);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <Text size="sm" className={classes.plain}>
      {parts}
    </Text>
  );
}

/**
 * An answer of the assistant: markdown (or plain text) whose `[n]` markers link to their sources,
 * then the numbered list of those sources, so every fact can be checked where it came from.
 */
export function AnswerText({
  text,
  citations,
  markdown,
}: {
  text: string;
  citations: readonly PromptCitation[];
  markdown: boolean;
}) {
  return (
    <Stack gap="xs">
      {markdown ? (
        <MarkdownText citations={(n) => <CitationLink n={n} citation={citations[n - 1]} />}>
          {text}
        </MarkdownText>
      ) : (
        <PlainAnswer text={text} citations={citations} />
      )}
      {citations.length > 0 && (
        <div>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            Sources
          </Text>
          <List size="xs" type="ordered" spacing={2} className={classes.sources}>
            {citations.map((citation, index) => {
              const path = internalPath(citation.url);
              const label = citationLabel(citation);
              return (
                <List.Item key={`${String(index)}-${citation.url}`}>
                  {path === null ? (
                    label
                  ) : (
                    <Anchor component={Link} to={path} size="xs">
                      {label}
                    </Anchor>
                  )}
                </List.Item>
              );
            })}
          </List>
        </div>
      )}
    </Stack>
  );
}
