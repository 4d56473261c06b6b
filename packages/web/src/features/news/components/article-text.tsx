import { Anchor, Button, Collapse, List, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { NewsAi } from '@app/shared/api/news';
import type { ReactNode } from 'react';

const MARKER = /\[(\d+)\]/g;

function sourceAnchor(cardId: string, number: number): string {
  return `${cardId}-source-${String(number)}`;
}

/** Text with `[n]` markers turned into links to source n; `trailing` markers are appended. */
function withMarkers(
  text: string,
  cardId: string,
  count: number,
  open: () => void,
  trailing: number[],
): ReactNode[] {
  const marker = (number: number, key: string) => (
    <sup key={key}>
      <Anchor
        href={`#${sourceAnchor(cardId, number)}`}
        onClick={open}
        aria-label={`Source ${String(number)}`}
      >
        [{number}]
      </Anchor>
    </sup>
  );
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const number = Number(match[1]);
    if (number < 1 || number > count) continue;
    parts.push(text.slice(last, match.index));
    parts.push(marker(number, `m${String(match.index)}`));
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  for (const number of trailing) parts.push(marker(number, `t${String(number)}`));
  return parts;
}

/**
 * The AI text of an article as plain paragraphs (no HTML is ever injected), with numbered
 * citation markers linking to the source sentences in a collapsible "Sources" list.
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
  const paragraphs = texts.flatMap((text) =>
    text
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .filter(Boolean),
  );
  if (paragraphs.length === 0) return null;
  const hasMarkers = paragraphs.some((paragraph) => new RegExp(MARKER.source).test(paragraph));
  // The analyst's text is made of the source sentences; without inline markers they are cited
  // together after the last paragraph.
  const trailing = hasMarkers ? [] : sources.map((_source, index) => index + 1);
  const listId = `${cardId}-sources`;
  return (
    <Stack gap="xs">
      {paragraphs.map((paragraph, index) => (
        <Text key={index} size="sm">
          {withMarkers(
            paragraph,
            cardId,
            sources.length,
            open,
            index === paragraphs.length - 1 ? trailing : [],
          )}
        </Text>
      ))}
      {sources.length > 0 && (
        <div>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={toggle}
            aria-expanded={opened}
            aria-controls={listId}
          >
            Sources ({sources.length})
          </Button>
          <Collapse expanded={opened}>
            <List type="ordered" size="sm" id={listId} spacing={4} mt="xs">
              {sources.map((source, index) => (
                <List.Item key={source.index} id={sourceAnchor(cardId, index + 1)}>
                  {source.text}
                </List.Item>
              ))}
            </List>
          </Collapse>
        </div>
      )}
    </Stack>
  );
}
