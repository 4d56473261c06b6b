import {
  PROMPT_MAX_CHARS,
  SELECTION_MAX,
  SYSTEM_MAX_CHARS,
  SYSTEM_NAME_MAX_CHARS,
} from '@app/shared/api/prompts';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { createStoredValue } from '../../../lib/storage';

/**
 * What a user was writing to the assistant (spec §3 "Drafts": the prompt text, the selection,
 * the system text and name, the markdown flag), kept per user and per composer in localStorage
 * so a reload, a crash or a closed tab loses nothing. Read back through the same bounds the
 * server enforces, so an edited or stale entry is dropped rather than sent.
 */
export const composerDraftSchema = z.object({
  prompt: z.string().max(PROMPT_MAX_CHARS),
  selection: z.object({
    portfolio: z.boolean(),
    tickers: z.array(z.string().max(32)).max(SELECTION_MAX).readonly(),
  }),
  /** A persona's name, or CUSTOM_PERSONA for the user's own system text. */
  persona: z.string().max(SYSTEM_NAME_MAX_CHARS),
  system: z.string().max(SYSTEM_MAX_CHARS),
  markdown: z.boolean(),
  /** The prompt being edited (the editor answers it again on save); null for a new one. */
  id: z.string().max(64).nullable(),
});
export type ComposerDraft = z.infer<typeof composerDraftSchema>;

/** The storage key of a user's draft in one composer (`chat`, `chat:<article id>`, `editor`). */
export const draftKey = (username: string, scope: string) =>
  `stockpulse.draft.v1.${username}.${scope}`;

/**
 * A composer's draft: restored on mount, saved on every change. Without a user (a visitor, or
 * the moment before the session loads) it lives in memory only.
 */
export function usePromptDraft(
  username: string | null,
  scope: string,
  initial: ComposerDraft,
): [ComposerDraft, (change: Partial<ComposerDraft>) => void, () => void] {
  const stored = useMemo(
    () =>
      username === null
        ? null
        : createStoredValue(draftKey(username, scope), composerDraftSchema, initial),
    // `initial` is a constant of the caller; a new object each render must not re-read storage.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [username, scope],
  );
  const key = stored?.key ?? null;
  const [state, setState] = useState(() => ({ key, draft: stored?.get() ?? initial }));
  // The session may load after the first render: the user's draft then replaces the empty one
  // (React's "adjust state when a prop changes", done while rendering rather than in an effect).
  if (state.key !== key) setState({ key, draft: stored?.get() ?? initial });
  const draft = state.key === key ? state.draft : (stored?.get() ?? initial);
  const update = (change: Partial<ComposerDraft>) =>
    setState((current) => {
      const next = { ...current.draft, ...change };
      stored?.set(next);
      return { key: current.key, draft: next };
    });
  const reset = () => {
    stored?.remove();
    setState({ key, draft: initial });
  };
  return [draft, update, reset];
}
