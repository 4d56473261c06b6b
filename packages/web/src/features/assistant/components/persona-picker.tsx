import { Select, Stack, Textarea } from '@mantine/core';
import { CHAT_PERSONAS, SYSTEM_MAX_CHARS } from '@app/shared/api/prompts';
import type { ChatPersona } from '@app/shared/api/prompts';

/** Spec §9 chat presets, each with what it stresses (the server holds their system prompts). */
export const PERSONA_TAGLINES: Record<ChatPersona, string> = {
  'Ray Dalio': 'Macro, diversification and risk parity',
  'Warren Buffett': 'Moats and long-term value',
  'AI Analyst': 'Neutral: facts first, then what to watch',
  'No bullshit': 'Three blunt lines',
  'Benjamin Graham': 'Margin of safety and balance-sheet caution',
  'Donald Trump': 'A clearly labelled parody voice, same facts',
};

export const DEFAULT_PERSONA: ChatPersona = 'AI Analyst';

/** The system name sent with the user's own system text (spec §3 "system text, system name"). */
export const CUSTOM_PERSONA = 'Custom';

export function isChatPersona(value: string | null): value is ChatPersona {
  return value !== null && (CHAT_PERSONAS as readonly string[]).includes(value);
}

const OPTIONS = [
  ...CHAT_PERSONAS.map((name) => ({ value: name, label: name })),
  { value: CUSTOM_PERSONA, label: 'My own system text' },
];

/** What POST /prompts/create takes for a persona: its name, and the text only for a custom one. */
export function personaFields(persona: string, system: string) {
  if (persona === CUSTOM_PERSONA && system.trim() !== '') {
    return { system_name: CUSTOM_PERSONA, system };
  }
  return { system_name: isChatPersona(persona) ? persona : DEFAULT_PERSONA };
}

/**
 * The persona the assistant answers as: one of the presets, or the user's own system text
 * (sent to the language model as its instructions; the facts and citations stay ours).
 */
export function PersonaPicker({
  value,
  system,
  onChange,
  size = 'sm',
}: {
  value: string;
  system: string;
  onChange: (change: { persona?: string; system?: string }) => void;
  size?: 'xs' | 'sm';
}) {
  const custom = value === CUSTOM_PERSONA;
  const known = isChatPersona(value) || custom ? value : DEFAULT_PERSONA;
  return (
    <Stack gap={4}>
      <Select
        label="Persona"
        description={
          size === 'xs'
            ? undefined
            : custom
              ? 'Your instructions, with our facts and sources'
              : isChatPersona(known)
                ? PERSONA_TAGLINES[known]
                : undefined
        }
        data={OPTIONS}
        value={known}
        allowDeselect={false}
        size={size}
        w={size === 'xs' ? 170 : 240}
        onChange={(next) => {
          if (next !== null && (isChatPersona(next) || next === CUSTOM_PERSONA)) {
            onChange({ persona: next });
          }
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {custom && (
        <Textarea
          label="Your system text"
          description={`How the assistant should answer: voice, length, what to stress (up to ${SYSTEM_MAX_CHARS.toLocaleString('en')} characters). Without it the AI Analyst answers.`}
          placeholder="Answer as a cautious dividend investor, in five bullet points at most."
          autosize
          minRows={2}
          maxRows={6}
          size={size}
          maxLength={SYSTEM_MAX_CHARS}
          value={system}
          onChange={(event) => onChange({ system: event.currentTarget.value })}
        />
      )}
    </Stack>
  );
}
