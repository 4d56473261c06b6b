import { Select } from '@mantine/core';
import { CHAT_PERSONAS } from '@app/shared/api/prompts';
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

export function isChatPersona(value: string | null): value is ChatPersona {
  return value !== null && (CHAT_PERSONAS as readonly string[]).includes(value);
}

const OPTIONS = CHAT_PERSONAS.map((name) => ({ value: name, label: name }));

/** The persona the assistant answers as. */
export function PersonaPicker({
  value,
  onChange,
  size = 'sm',
}: {
  value: ChatPersona;
  onChange: (persona: ChatPersona) => void;
  size?: 'xs' | 'sm';
}) {
  return (
    <Select
      label="Persona"
      description={size === 'xs' ? undefined : PERSONA_TAGLINES[value]}
      data={OPTIONS}
      value={value}
      allowDeselect={false}
      size={size}
      w={size === 'xs' ? 170 : 240}
      onChange={(next) => {
        if (isChatPersona(next)) onChange(next);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
