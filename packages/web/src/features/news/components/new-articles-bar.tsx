import { Button, Center } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { liveNewsEventSchema } from '@app/shared/api/live';
import { liveClient, type LiveClient } from '../../../lib/live/live-client';
import {
  announceArticles,
  newArticlesLabel,
  NO_NEW_ARTICLES,
  type NewArticles,
} from '../../../lib/live/new-articles';
import { useLive } from '../../../lib/live/use-live';

/**
 * Articles announced by the live stream (`news` events of `stage`) that `shown` does not list
 * yet; `clear` after showing them.
 */
export function useNewArticles(
  stage: 'ingested' | 'enriched' | undefined,
  shown: ReadonlySet<string>,
  client: LiveClient = liveClient,
) {
  const [state, setState] = useState<NewArticles>(NO_NEW_ARTICLES);
  useLive(
    stage ? ['news'] : [],
    ({ event, data }) => {
      if (event !== 'news') return;
      const parsed = liveNewsEventSchema.safeParse(data);
      if (!parsed.success || parsed.data.stage !== stage) return;
      setState((current) => announceArticles(current, parsed.data.ids, shown));
    },
    undefined,
    client,
  );
  const pending = state.pending.filter((id) => !shown.has(id));
  return { count: pending.length, clear: () => setState(NO_NEW_ARTICLES) };
}

/**
 * Issue 18: 'N new articles' above a feed while new ones wait; the list does not move until the
 * reader clicks it, which shows them (at the top) and scrolls there.
 */
export function NewArticlesBar({ count, onShow }: { count: number; onShow: () => void }) {
  if (count === 0) return null;
  return (
    <Center pos="sticky" top={72} style={{ zIndex: 5 }}>
      <Button
        radius="xl"
        size="sm"
        leftSection={<IconArrowUp size={16} aria-hidden />}
        onClick={onShow}
        aria-live="polite"
      >
        {newArticlesLabel(count)}
      </Button>
    </Center>
  );
}
