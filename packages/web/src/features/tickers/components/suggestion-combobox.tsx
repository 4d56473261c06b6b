import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { searchFieldLook } from './search-field-look';
import type { MantineSize } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { SubmitEvent } from 'react';
import type { SuggestionSource } from '../api/suggestions';
import { chooseTicker } from '../ticker-choice';
import { useSuggestions } from '../use-suggestions';
import classes from './suggestion-input.module.css';

export interface SuggestionInputProps {
  /** Suggestion endpoint (default: companies, as the search bars use). */
  source?: SuggestionSource;
  /** Accessible name of the field (and of its search landmark). */
  label: string;
  /** Keep the label for screen readers only (the compact bars). */
  hideLabel?: boolean;
  description?: string;
  placeholder?: string;
  defaultValue?: string;
  size?: MantineSize;
  /** A ticker was chosen: a suggestion picked, or (pickers) typed text resolved by spec §5. */
  onPick: (symbol: string) => void;
  /**
   * Enter without picking a suggestion hands over the text (search). Without it the field is a
   * ticker picker: the text becomes a ticker by the ticker-choice rule.
   */
  onSubmitText?: (text: string) => void;
  /** Empty the field after a pick or a submit (the bars). */
  clearAfter?: boolean;
  className?: string;
}

/** Where the plain field (suggestion-input.tsx) was when this one replaced it. */
export interface SuggestionHandover {
  value: string;
  edited: boolean;
  focused: boolean;
  /** Enter was pressed there (a picker): this one resolves the text as its own Enter would. */
  submitted?: boolean;
}

/** A text field with ticker suggestions (symbol and company info), keyboard-operable. */
export function SuggestionCombobox({
  source = 'company',
  label,
  hideLabel = false,
  description,
  placeholder = 'Ticker or company name',
  defaultValue = '',
  size = 'sm',
  onPick,
  onSubmitText,
  clearAfter = false,
  className,
  handover,
}: SuggestionInputProps & { handover?: SuggestionHandover }) {
  const [value, setValue] = useState(handover?.value ?? defaultValue);
  const [wantsOpen, setWantsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A prefilled value (the search page's q) asks for nothing until the user edits it.
  const [edited, setEdited] = useState(handover?.edited ?? false);
  // Mantine keeps a combobox's list mounted (hidden) and Floating UI positions it at
  // mount, a forced style recalculation of the whole page in the app's first commit. The list is
  // mounted from the field's first focus on (its keyboard behaviour unchanged from then).
  const [engaged, setEngaged] = useState(handover?.focused ?? false);
  const input = useRef<HTMLInputElement>(null);
  // The plain field had the focus: this one takes it (its focus handler opens the list), the
  // caret where typing left it (the end).
  useEffect(() => {
    if (!handover?.focused || !input.current) return;
    const field = input.current;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [handover]);
  const { suggestions, resolve } = useSuggestions(source, edited ? value : '');
  const combobox = useCombobox({
    opened: wantsOpen && suggestions.length > 0,
    onOpenedChange: setWantsOpen,
    onDropdownClose: () => combobox.resetSelectedOption(),
  });

  const finish = (nextValue: string) => {
    setWantsOpen(false);
    setValue(clearAfter ? '' : nextValue);
  };

  const pick = (symbol: string) => {
    finish(symbol);
    onPick(symbol);
  };

  const submitText = async (typed: string) => {
    const text = typed.trim();
    if (text === '') return;
    if (onSubmitText) {
      finish(text);
      onSubmitText(text);
      return;
    }
    const choice = chooseTicker(
      text,
      (await resolve(text)).map((item) => item.symbol),
    );
    if (choice === null) setError(`No company or ticker matches "${text}".`);
    else pick(choice);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    await submitText(value);
  };

  // Enter in the plain field before this one was drawn (a quick typist's "aapl⏎"): answered
  // once, as if pressed here.
  const answered = useRef(false);
  const answerHandover = useEffectEvent((text: string) => void submitText(text));
  useEffect(() => {
    if (!handover?.submitted || answered.current) return;
    answered.current = true;
    answerHandover(handover.value);
  }, [handover]);

  return (
    <form
      role="search"
      aria-label={label}
      className={className}
      onSubmit={(event) => void submit(event)}
    >
      <Combobox
        store={combobox}
        onOptionSubmit={pick}
        position="bottom-start"
        keepMounted={engaged}
        classNames={{ dropdown: classes.dropdown }}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={input}
            {...searchFieldLook({ label, hideLabel, description, placeholder, size })}
            value={value}
            error={error}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setEdited(true);
              setError(null);
              setWantsOpen(true);
              combobox.resetSelectedOption();
            }}
            onFocus={() => {
              setEngaged(true);
              setWantsOpen(true);
            }}
            onBlur={() => setWantsOpen(false)}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={suggestions.length === 0}>
          <Combobox.Options aria-label={`Suggestions for ${value.trim()}`}>
            {suggestions.map((item) => (
              <Combobox.Option key={item.symbol} value={item.symbol} className={classes.option}>
                <span className={classes.symbol}>{item.symbol}</span>{' '}
                {item.info && <span className={classes.info}>{item.info}</span>}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
