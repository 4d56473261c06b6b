import { Alert, Button, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { usePromptDraft, type ComposerDraft } from '../api/prompt-draft';
import { showErrorToast } from '../../../lib/toast';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useCreatePrompt } from '../api/prompt-create';
import { usePromptList } from '../api/prompt-list';
import { usePromptListLive } from '../api/prompt-live';
import { useRemoveAllPrompts } from '../api/prompt-remove';
import classes from './assistant.module.css';
import { ChatExchange } from './chat-exchange';
import { DEFAULT_PERSONA, PersonaPicker, personaFields } from './persona-picker';
import { CONFIRM_PROCEED, SEND_FAILED } from './prompt-copy';
import { PORTFOLIO_ONLY, SelectionPicker, selectionList } from './selection-picker';

const EMPTY_DRAFT: ComposerDraft = {
  prompt: '',
  selection: PORTFOLIO_ONLY,
  persona: DEFAULT_PERSONA,
  system: '',
  markdown: true,
  id: null,
};

/**
 * The AI chat (spec §2 /pages/ai_chat and the Q&A panel of /news/view): the caller's last 20
 * questions with their answers, oldest first, and a composer. With `articleId` the questions are
 * about that article (no company selection); otherwise about the portfolio or chosen tickers.
 */
export function AssistantChat({
  username,
  articleId = null,
  compact = false,
  placeholder = 'Ask about your portfolio, a company, the news or a term',
}: {
  username: string;
  articleId?: string | null;
  compact?: boolean;
  placeholder?: string;
}) {
  const list = usePromptList('chat', username, articleId);
  usePromptListLive();
  useFailureToast(list.error, 'Your questions could not be loaded');
  const create = useCreatePrompt();
  const removeAll = useRemoveAllPrompts();
  // The question, persona, system text and companies survive a reload (per user, per chat).
  const [draft, updateDraft] = usePromptDraft(
    username,
    articleId ? `chat:${articleId}` : 'chat',
    EMPTY_DRAFT,
  );
  const [streamId, setStreamId] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);

  const exchanges = [...(list.data ?? [])].reverse();
  const question = draft.prompt.trim();

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [exchanges.length]);

  const send = () => {
    if (question === '' || create.isPending) return;
    create.mutate(
      {
        prompt: question,
        type: 'CHAT',
        selection: articleId ? [] : selectionList(draft.selection),
        ...personaFields(draft.persona, draft.system),
        use_markdown: true,
        ...(articleId ? { article_id: articleId } : {}),
      },
      {
        onSuccess: (id) => {
          updateDraft({ prompt: '' });
          setStreamId(id);
        },
        onError: (error) => showErrorToast(`${SEND_FAILED}: ${error.message}`, SEND_FAILED),
      },
    );
  };

  const clear = () => {
    modals.openConfirmModal({
      title: 'Clear the chat',
      children: <Text size="sm">{CONFIRM_PROCEED}</Text>,
      labels: { confirm: 'Clear', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeAll.mutate(
          { kind: 'chat', articleId },
          { onError: (error) => showErrorToast(error.message, 'The chat was not cleared') },
        ),
    });
  };

  return (
    <Stack gap="md">
      <div className={classes.thread} aria-live="polite">
        {list.isPending && <Skeleton height={compact ? 60 : 120} radius="lg" />}
        {list.isError && !list.data && <Alert color="red">{list.error.message}</Alert>}
        {list.data && exchanges.length === 0 && (
          <Text size="sm" c="dimmed">
            {articleId
              ? 'Ask anything about this article: what it says, what it means for its companies, how the market took it.'
              : 'No questions yet. Ask how your portfolio is doing, what moved and why, the news on a company, its risks, or what a term means.'}
          </Text>
        )}
        {exchanges.map((prompt) => (
          <ChatExchange key={prompt.id} prompt={prompt} stream={prompt.id === streamId} />
        ))}
        <div ref={end} />
      </div>
      <Stack gap="xs" className={classes.composer} pt="md">
        <Textarea
          label={compact ? 'Your question about this article' : 'Your question'}
          placeholder={placeholder}
          autosize
          minRows={compact ? 1 : 2}
          maxRows={8}
          value={draft.prompt}
          onChange={(event) => updateDraft({ prompt: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
        />
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <PersonaPicker
              value={draft.persona}
              system={draft.system}
              onChange={updateDraft}
              size={compact ? 'xs' : 'sm'}
            />
            {!articleId && (
              <SelectionPicker
                value={draft.selection}
                onChange={(selection) => updateDraft({ selection })}
                compact={compact}
              />
            )}
          </Group>
          <Group gap="xs" ml="auto">
            <Button
              variant="subtle"
              color="red"
              size={compact ? 'xs' : 'sm'}
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={exchanges.length === 0 || removeAll.isPending}
              onClick={clear}
            >
              Clear chat
            </Button>
            <Button
              size={compact ? 'xs' : 'sm'}
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={question === ''}
              loading={create.isPending}
              onClick={send}
            >
              Send
            </Button>
          </Group>
        </Group>
      </Stack>
    </Stack>
  );
}
