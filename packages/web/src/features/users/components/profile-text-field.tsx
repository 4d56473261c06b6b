import { Loader, Textarea, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useState } from 'react';
import { useSetUserValue } from '../api/set-user-value';
import { validateRegisterField } from '../auth-validation';
import { PROFILE_TEXT_FIELDS } from '../profile-fields';
import type { ProfileTextKey } from '../profile-fields';

function validate(key: ProfileTextKey, value: string): string | undefined {
  if (key === 'email' || key === 'first_name' || key === 'last_name') {
    return validateRegisterField(key, value);
  }
  return undefined;
}

export interface ProfileTextFieldProps {
  fieldKey: ProfileTextKey;
  /** The value the server has. */
  serverValue: string;
}

/** One profile text field: saved on blur or Enter (Ctrl+Enter in About me), when it changed. */
export function ProfileTextField({ fieldKey, serverValue }: ProfileTextFieldProps) {
  const display = PROFILE_TEXT_FIELDS[fieldKey];
  const save = useSetUserValue();
  const [value, setValue] = useState(serverValue);
  const [seen, setSeen] = useState(serverValue);
  const [error, setError] = useState<string | undefined>();

  // The server value changed (this save, or a refresh): take it unless the user is mid-edit.
  if (seen !== serverValue) {
    setSeen(serverValue);
    if (value === seen || value.trim() === serverValue) setValue(serverValue);
  }

  const commit = () => {
    const next = value.trim();
    const problem = next === serverValue ? undefined : validate(fieldKey, next);
    setError(problem);
    if (problem || next === serverValue) return;
    save.mutate({ key: fieldKey, value: next });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (display.multiline && !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    commit();
  };

  const saved = save.isSuccess && value.trim() === serverValue;
  const status = save.isPending ? (
    <Loader size={14} aria-label="Saving" />
  ) : saved ? (
    <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-label="Saved" />
  ) : null;

  const common = {
    name: fieldKey,
    label: display.label,
    value,
    error,
    maxLength: display.maxLength,
    autoComplete: display.autoComplete,
    onBlur: commit,
    onKeyDown,
    rightSection: status,
    rightSectionPointerEvents: 'none' as const,
  };

  return display.multiline ? (
    <Textarea
      {...common}
      autosize
      minRows={3}
      maxRows={8}
      description="Saved when you leave the field, or with Ctrl+Enter"
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  ) : (
    <TextInput
      {...common}
      type={fieldKey === 'email' ? 'email' : 'text'}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  );
}
