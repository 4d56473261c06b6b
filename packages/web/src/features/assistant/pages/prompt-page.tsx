import { Alert, Button, Card, Group, Skeleton, Stack, Switch, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { EMAIL_SELECTION, PROMPT_MAX_CHARS } from '@app/shared/api/prompts';
import type { PromptJson } from '@app/shared/api/prompts';
import { IconMail, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showErrorToast } from '../../../lib/toast';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useCurrentUser } from '../../users';
import { useCreatePrompt } from '../api/prompt-create';
import type { PromptDraft } from '../api/prompt-create';
import { usePromptList } from '../api/prompt-list';
import { usePromptDraft, type ComposerDraft } from '../api/prompt-draft';
import { usePromptListLive } from '../api/prompt-live';
import { useRemoveAllPrompts, useRemovePrompt } from '../api/prompt-remove';
import {
  CUSTOM_PERSONA,
  DEFAULT_PERSONA,
  PersonaPicker,
  personaFields,
} from '../components/persona-picker';
import { PlanNotice } from '../components/plan-notice';
import { PromptCard } from '../components/prompt-card';
import { CONFIRM_PROCEED } from '../components/prompt-copy';
import {
  PORTFOLIO_ONLY,
  SelectionPicker,
  selectionList,
  selectionOf,
} from '../components/selection-picker';
import { PageTitle } from '../../../components/page-title';
import { SectionCardHeader } from '../../../components/section-card';

const EMPTY_EDITOR: ComposerDraft = {
  id: null,
  prompt: '',
  selection: PORTFOLIO_ONLY,
  persona: DEFAULT_PERSONA,
  system: '',
  markdown: true,
};

/** The list as shown: the server's prompts plus the ones removed here, blurred, newest first. */
function shownPrompts(listed: readonly PromptJson[], removed: ReadonlyMap<string, PromptJson>) {
  const ids = new Set(listed.map((prompt) => prompt.id));
  const gone = [...removed.values()].filter((prompt) => !ids.has(prompt.id));
  return [...listed, ...gone].sort((a, b) => b.creation_date - a.creation_date);
}

/**
 * /pages/prompt (spec §2; guard 'user'): the AI portfolio prompt editor — a prompt about the
 * portfolio or chosen tickers, answered by the assistant, or saved as the e-mail summary prompt
 * the digests use — with the caller's prompts below (spec §7 query, 20, polled every 1 s while one
 * waits).
 */
export function PromptPage() {
  const { user } = useCurrentUser();
  const username = user?.username ?? null;
  // While the live stream is up it brings each prompt's progress and end; the 1 s poll is the
  // fallback (spec §9) when it is down.
  const streamUp = usePromptListLive();
  const list = usePromptList('editor', username, null, { poll: !streamUp });
  useFailureToast(list.error, 'Your prompts could not be loaded');
  const create = useCreatePrompt();
  const remove = useRemovePrompt();
  const removeAll = useRemoveAllPrompts();
  // The draft (text, companies, persona, system text, markdown, the prompt being edited)
  // survives a reload.
  const [editor, updateEditor, resetEditor] = usePromptDraft(username, 'editor', EMPTY_EDITOR);
  const [removed, setRemoved] = useState<ReadonlyMap<string, PromptJson>>(new Map());
  const [streamId, setStreamId] = useState<string | null>(null);

  const text = editor.prompt.trim();
  const prompts = shownPrompts(list.data ?? [], removed);
  const live = prompts.filter((prompt) => !removed.has(prompt.id));

  const save = (draft: PromptDraft) => {
    create.mutate(draft, {
      onSuccess: (id) => {
        resetEditor();
        setStreamId(id);
      },
      onError: (error) => showErrorToast(error.message, 'The prompt was not saved'),
    });
  };

  const run = () =>
    save({
      prompt: text,
      type: 'PORTFOLIO',
      selection: selectionList(editor.selection),
      ...personaFields(editor.persona, editor.system),
      use_markdown: editor.markdown,
      ...(editor.id ? { id: editor.id } : {}),
    });

  const saveEmailSummary = () =>
    save({
      prompt: text,
      type: 'email_prompt',
      subtype: 'EMAIL_SUMMARY',
      selection: [EMAIL_SELECTION],
      ...personaFields(editor.persona, editor.system),
      use_markdown: editor.markdown,
      ...(editor.id ? { id: editor.id } : {}),
    });

  const markRemoved = (gone: readonly PromptJson[]) =>
    setRemoved((current) => new Map([...current, ...gone.map((p) => [p.id, p] as const)]));

  const removeOne = (prompt: PromptJson) =>
    remove.mutate(prompt.id, {
      onSuccess: () => markRemoved([prompt]),
      onError: (error) => showErrorToast(error.message, 'The prompt was not removed'),
    });

  const confirmRemoveAll = () =>
    modals.openConfirmModal({
      title: 'Remove all prompts',
      children: <Text size="sm">{CONFIRM_PROCEED}</Text>,
      labels: { confirm: 'Remove all', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeAll.mutate(
          { kind: 'editor' },
          {
            onSuccess: () => markRemoved(live),
            onError: (error) => showErrorToast(error.message, 'The prompts were not removed'),
          },
        ),
    });

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <PageTitle title="AI portfolio prompts">
        Ask for a summary of your portfolio or of chosen companies. Answers use their prices, news
        and AI analyses, and cite each source.
      </PageTitle>
      <PlanNotice />
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Prompt editor">
        <Stack gap="md">
          <Textarea
            label={editor.id ? 'Edit your prompt' : 'Your prompt'}
            description="For example: How did my portfolio do this week, what moved it and what should I watch next?"
            placeholder="Summarise my portfolio: movers, news, risks and what to watch"
            autosize
            minRows={3}
            maxRows={12}
            maxLength={PROMPT_MAX_CHARS}
            value={editor.prompt}
            onChange={(event) => updateEditor({ prompt: event.currentTarget.value })}
          />
          <SelectionPicker
            value={editor.selection}
            onChange={(selection) => updateEditor({ selection })}
          />
          <PersonaPicker value={editor.persona} system={editor.system} onChange={updateEditor} />
          <Switch
            label="Markdown"
            description="Headings, lists and tables in the answer; off for plain text"
            checked={editor.markdown}
            onChange={(event) => updateEditor({ markdown: event.currentTarget.checked })}
          />
          <Group gap="sm">
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              disabled={text === ''}
              loading={create.isPending}
              onClick={run}
            >
              {editor.id ? 'Save and ask again' : 'Ask'}
            </Button>
            <Button
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
              disabled={text === '' || create.isPending}
              onClick={saveEmailSummary}
            >
              Save as e-mail summary
            </Button>
            {editor.id && (
              <Button variant="subtle" onClick={resetEditor}>
                Cancel edit
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
      <Stack gap="sm" component="section" aria-labelledby="your-prompts">
        <SectionCardHeader id="your-prompts" title="Your prompts">
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={live.length === 0 || removeAll.isPending}
            onClick={confirmRemoveAll}
          >
            Remove all
          </Button>
        </SectionCardHeader>
        {list.isPending && username !== null && <Skeleton height={120} radius="md" />}
        {list.isError && !list.data && <Alert color="red">{list.error.message}</Alert>}
        {list.data && prompts.length === 0 && (
          <Text size="sm" c="dimmed">
            No prompts yet. Write one above: the answer appears here.
          </Text>
        )}
        {prompts.map((prompt) => (
          <PromptCard
            key={prompt.id}
            prompt={prompt}
            deleted={removed.has(prompt.id)}
            stream={prompt.id === streamId}
            removing={remove.isPending && remove.variables === prompt.id}
            onRemove={removeOne}
            onEdit={(chosen) => {
              updateEditor({
                id: chosen.id,
                prompt: chosen.prompt,
                selection: selectionOf(chosen.selection),
                persona: chosen.system_name ?? DEFAULT_PERSONA,
                system: chosen.system_name === CUSTOM_PERSONA ? (chosen.system ?? '') : '',
                markdown: chosen.use_markdown,
              });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        ))}
      </Stack>
    </Stack>
  );
}
