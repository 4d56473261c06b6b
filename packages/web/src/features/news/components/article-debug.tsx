import { Alert, Anchor, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBug, IconExternalLink } from '@tabler/icons-react';
import type { NewsTickerTest } from '@app/shared/api/news';
import { useState } from 'react';
import { useStoredToken } from '../../../lib/use-stored-token';
import { newsDebugLinks, useForceReindex, useNewsTickerTest } from '../api/news-debug';
import classes from './article-card.module.css';

function TickerList({ label, tickers }: { label: string; tickers: string[] }) {
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      {tickers.length === 0 ? (
        <Text size="sm">None</Text>
      ) : (
        <Group gap={4} component="ul" aria-label={label} className={classes.tickers}>
          {tickers.map((symbol) => (
            <li key={symbol}>
              <Badge variant="light" radius="sm" color="gray">
                {symbol}
              </Badge>
            </li>
          ))}
        </Group>
      )}
    </div>
  );
}

/** The entity-test answer: the linker's response, then what it validated and what it did not. */
export function TickerTestResult({ result }: { result: NewsTickerTest }) {
  const { response } = result;
  return (
    <Stack gap="xs" aria-label="Ticker test result" role="region">
      <TickerList label="Related exchange tickers" tickers={response.related_exchange_tickers} />
      <TickerList label="Named exchange tickers" tickers={response.named_exchange_tickers} />
      <TickerList label="Validated tickers" tickers={result.validated_tickers} />
      <TickerList label="Unvalidated tickers" tickers={result.unvalidated_tickers} />
      <div>
        <Text size="xs" fw={600} c="dimmed">
          Response
        </Text>
        <Code block className={classes.debugJson}>
          {JSON.stringify(response, null, 2)}
        </Code>
      </div>
    </Stack>
  );
}

/**
 * Spec §6 my_debug_interface on an article card: a collapsed section with the backend views of
 * the article and the entity-test panel. The card renders it for debug users only.
 */
export function ArticleDebug({ articleId, cardId }: { articleId: string; cardId: string }) {
  const [opened, setOpened] = useState(false);
  const token = useStoredToken();
  const tickerTest = useNewsTickerTest();
  const reindex = useForceReindex();
  const sectionId = `${cardId}-debug`;

  return (
    <div>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconBug size={14} aria-hidden />}
        aria-expanded={opened}
        aria-controls={opened ? sectionId : undefined}
        onClick={() => {
          setOpened((value) => !value);
        }}
      >
        Debug
      </Button>
      {opened && (
        <Paper id={sectionId} withBorder radius="md" p="sm" mt="xs" className={classes.panel}>
          <Stack gap="sm">
            <Group gap="xs" component="ul" aria-label="Backend views" className={classes.tickers}>
              {newsDebugLinks(articleId, token).map((link) => (
                <li key={link.label}>
                  <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                    <Group gap={4} component="span" wrap="nowrap">
                      {link.label}
                      <IconExternalLink size={12} aria-hidden />
                    </Group>
                  </Anchor>
                </li>
              ))}
            </Group>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                loading={tickerTest.isPending}
                onClick={() => {
                  tickerTest.mutate(articleId);
                }}
              >
                Test tickers
              </Button>
              <Button
                size="xs"
                variant="light"
                color="orange"
                loading={reindex.isPending}
                onClick={() => {
                  reindex.mutate(articleId);
                }}
              >
                Force reindex
              </Button>
            </Group>
            {tickerTest.error && (
              <Alert color="red" role="alert" p="xs">
                {tickerTest.error.message}
              </Alert>
            )}
            {tickerTest.data && <TickerTestResult result={tickerTest.data} />}
          </Stack>
        </Paper>
      )}
    </div>
  );
}
