import { Anchor, List, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { NewsAi } from '@app/shared/api/news';
import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { SourcesToggle } from '../../../components/sources-toggle';
import { MarkdownText } from '../../../components/markdown/markdown-text';

function sourceAnchor(cardId: string, number: number): string {
  return `${cardId}-source-${String(number)}`;
}

// Lines after which inline markers would change the block (table rows, code fences) or read as
// part of its last item (list items, such as a brief's sectors).
const BLOCK_END = /(^|\n)\s*(\||```|~~~|[-*+]\s|\d+\.\s)[^\n]*$/;

/** Appends citation markers to a markdown text: inline after prose, else as their own line. */
export function appendMarkers(text: string, numbers: number[]): string {
  if (numbers.length === 0) return text;
  const markers = numbers.map((number) => `[${String(number)}]`).join('');
  const trimmed = text.trimEnd();
  return BLOCK_END.test(trimmed) ? `${trimmed}\n\n${markers}` : `${trimmed}${markers}`;
}

/**
 * The AI text of an article: plain text from the offline analyst or markdown from an LLM, both
 * rendered as markdown (never raw HTML), with numbered citation markers linking to the source
 * sentences in a collapsible "Sources" list.
 */
export function ArticleText({
  cardId,
  texts,
  sources,
}: {
  /** Unique prefix for the source anchors. */
  cardId: string;
  texts: string[];
  sources: NewsAi['sources'];
}) {
  const [opened, { open, toggle }] = useDisclosure(false);
  const sourceCount = sources.length;
  const citation = useCallback(
    (number: number): ReactNode =>
      number >= 1 && number <= sourceCount ? (
        <Anchor
          href={`#${sourceAnchor(cardId, number)}`}
          onClick={open}
          aria-label={`Source ${String(number)}`}
        >
          [{number}]
        </Anchor>
      ) : null,
    [cardId, sourceCount, open],
  );
  const blocks = texts.map((text) => text.trim()).filter(Boolean);
  if (blocks.length === 0) return null;
  const hasMarkers = blocks.some((text) => /\[\d+\]/.test(text));
  // The analyst's text is made of the source sentences; without inline markers they are cited
  // together after the last paragraph.
  const trailing = hasMarkers ? [] : sources.map((_source, index) => index + 1);
  const listId = `${cardId}-sources`;
  return (
    <Stack gap="xs">
      {blocks.map((text, index) => (
        <MarkdownText key={index} citations={citation}>
          {index === blocks.length - 1 ? appendMarkers(text, trailing) : text}
        </MarkdownText>
      ))}
      {sources.length > 0 && (
        <SourcesToggle listId={listId} count={sources.length} opened={opened} onToggle={toggle}>
          <List type="ordered" size="sm" id={listId} spacing={4} mt="xs">
            {sources.map((source, index) => (
              <List.Item key={source.index} id={sourceAnchor(cardId, index + 1)}>
                {source.text}
              </List.Item>
            ))}
          </List>
        </SourcesToggle>
      )}
    </Stack>
  );
}
