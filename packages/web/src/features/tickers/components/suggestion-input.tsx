import { startTransition, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { PlainSearchField } from './plain-search-field';
import { searchFieldLook } from './search-field-look';
import type { SuggestionCombobox, SuggestionHandover } from './suggestion-combobox';
import type { SuggestionInputProps } from './suggestion-combobox';

export type { SuggestionInputProps } from './suggestion-combobox';

type Combobox = typeof SuggestionCombobox;

/** The field with its suggestions list, loaded once (suggestion-combobox.tsx). */
let loaded: Combobox | undefined;
let loading: Promise<Combobox> | undefined;

/** Loads the suggestions list now: a field drawn afterwards has it from the start. */
export function preloadSuggestionInput(): Promise<Combobox> {
  loading ??= import('./suggestion-combobox').then((chunk) => {
    loaded = chunk.SuggestionCombobox;
    return loaded;
  });
  return loading;
}

/**
 * A text field with ticker suggestions (symbol and company info), keyboard-operable. The
 * suggestions list (Mantine's combobox with Floating UI) is a chunk of its own: until the
 * visitor points at, focuses or types in the field a plain field of the same look stands in, so a page's
 * first load does not carry it. The plain field hands its text and focus over when the chunk is in.
 */
export function SuggestionInput(props: SuggestionInputProps) {
  const [Loaded, setLoaded] = useState<ComponentType<
    SuggestionInputProps & { handover?: SuggestionHandover }
  > | null>(() => loaded ?? null);
  const [value, setValue] = useState(props.defaultValue ?? '');
  const edited = useRef(false);
  const submitted = useRef(false);
  const field = useRef<HTMLInputElement>(null);
  const [handover, setHandover] = useState<SuggestionHandover | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const engage = () => {
    if (Loaded) return;
    void preloadSuggestionInput().then((combobox) => {
      if (!mounted.current) return;
      const next = {
        value: field.current?.value ?? value,
        edited: edited.current,
        focused: field.current !== null && document.activeElement === field.current,
        submitted: submitted.current,
      };
      // A transition, which React renders in slices: the combobox (Mantine's, with Floating UI)
      // drawn at once was a task of 70–80 ms on a phone, right as the visitor starts typing. What
      // is typed (or a blur) meanwhile updates the handover before the swap.
      startTransition(() => {
        setHandover(next);
        setLoaded(() => combobox);
      });
    });
  };

  if (Loaded) return <Loaded {...props} handover={handover} />;

  const {
    label,
    hideLabel = false,
    description,
    placeholder = 'Ticker or company name',
    size = 'sm',
    onSubmitText,
    clearAfter = false,
    className,
  } = props;
  return (
    <form
      role="search"
      aria-label={label}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        // A picker resolves the text against the suggestions: that is the combobox's, asked
        // for at the field's focus. A search hands the text over as the combobox would.
        const text = value.trim();
        if (text === '') return;
        if (!onSubmitText) {
          // A picker's Enter before the combobox is in: the combobox answers it when it is.
          submitted.current = true;
          setHandover((current) => current && { ...current, value, submitted: true });
          engage();
          return;
        }
        if (clearAfter) setValue('');
        onSubmitText(text);
      }}
    >
      <PlainSearchField
        ref={field}
        {...searchFieldLook({ label, hideLabel, description, placeholder, size })}
        value={value}
        // The closed combobox's attributes (Combobox.Target), so the markup does not change.
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
        onChange={(event) => {
          const text = event.currentTarget.value;
          edited.current = true;
          setValue(text);
          // Typed while the combobox is being drawn: it starts from this text.
          setHandover((current) => current && { ...current, value: text, edited: true });
          engage();
        }}
        onBlur={() => {
          setHandover((current) => current && { ...current, focused: false });
        }}
        onFocus={engage}
        onPointerEnter={engage}
        onTouchStart={engage}
      />
    </form>
  );
}
