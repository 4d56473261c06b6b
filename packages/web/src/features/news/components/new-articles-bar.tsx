import { Box, Button, Center } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { liveClient, type LiveClient } from '../../../lib/live/live-client';
import {
  announceArticles,
  newArticlesLabel,
  NO_NEW_ARTICLES,
  type NewArticles,
} from '../../../lib/live/new-articles';
import { useLive } from '../../../lib/live/use-live';

/** How long announcements gather before the feed's top is read again. */
const PEEK_DELAY_MS = 1_500;
/** Feeds are cached by the server for a few seconds: an announced article may show a bit later. */
const PEEK_RETRY_MS = 6_000;
const PEEK_RETRIES = 3;

/**
 * Articles announced by the live stream (`news` events of `stage`) that `shown` does not list
 * yet; `clear` after showing them. With `peek` (the ids at the top of the feed now), only
 * announced articles that the feed would show at its top count: an older article analysed late,
 * or one outside a filtered feed, does not.
 */
export function useNewArticles(
  stage: 'ingested' | 'enriched' | undefined,
  shown: ReadonlySet<string>,
  client: LiveClient = liveClient,
  peek?: () => Promise<readonly string[]>,
) {
  const [state, setState] = useState<NewArticles>(NO_NEW_ARTICLES);
  const [top, setTop] = useState<ReadonlySet<string>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const peekRef = useRef(peek);
  useEffect(() => {
    peekRef.current = peek;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // What the pending timer is for: a read after announcements, or a later read again.
  const peekFor = useRef<'announced' | 'again' | undefined>(undefined);
  const schedulePeek = (delay: number, retries: number, why: 'announced' | 'again') => {
    if (!peekRef.current) return;
    // A read after announcements is due soon and will see these too: announcements arriving
    // without pause (an enrichment burst) must not postpone it for ever.
    if (peekFor.current === 'announced') return;
    clearTimeout(timer.current);
    peekFor.current = why;
    timer.current = setTimeout(() => {
      peekFor.current = undefined;
      void peekRef.current?.().then(
        (ids) => {
          // The same top as before changes nothing: no state, no render.
          setTop((current) =>
            current.size === ids.length && ids.every((id) => current.has(id))
              ? current
              : new Set(ids),
          );
          if (retries > 0) schedulePeek(PEEK_RETRY_MS, retries - 1, 'again');
        },
        () => undefined,
      );
    }, delay);
  };

  useLive(
    stage ? ['news'] : [],
    ({ event, data }) => {
      if (event !== 'news') return;
      // The event's schema is imported on demand (zod stays out of the feed's first load);
      // events keep their order, each waiting on the same import.
      void import('@app/shared/api/live').then(({ liveNewsEventSchema }) => {
        const parsed = liveNewsEventSchema.safeParse(data);
        if (!parsed.success || parsed.data.stage !== stage) return;
        setState((current) => announceArticles(current, parsed.data.ids, shown));
        schedulePeek(PEEK_DELAY_MS, PEEK_RETRIES, 'announced');
      });
    },
    undefined,
    client,
  );
  const pending = state.pending.filter((id) => !shown.has(id) && (!peek || top.has(id)));
  return {
    count: pending.length,
    clear: () => {
      setState(NO_NEW_ARTICLES);
      setTop(new Set());
    },
  };
}

/**
 * 'N new articles' above a feed while new ones wait; the list does not move until the
 * reader clicks it, which shows them (at the top) and scrolls there.
 */
export function NewArticlesBar({ count, onShow }: { count: number; onShow: () => void }) {
  // A pill floating over the list in a box of no height that is always there: the articles do
  // not move when it comes or goes.
  return (
    <Box pos="sticky" top={{ base: 118, sm: 72 }} h={0} style={{ zIndex: 5, overflow: 'visible' }}>
      {count > 0 && (
        <Center>
          <Button
            radius="xl"
            size="sm"
            leftSection={<IconArrowUp size={16} aria-hidden />}
            onClick={onShow}
            aria-live="polite"
            style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          >
            {newArticlesLabel(count)}
          </Button>
        </Center>
      )}
    </Box>
  );
}
