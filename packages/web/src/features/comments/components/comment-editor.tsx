import { Button, Group, Stack, Textarea } from '@mantine/core';
import { COMMENT_MAX_CHARS } from '@app/shared/api/comments';
import { useState } from 'react';

export interface CommentEditorProps {
  /** The textarea's accessible name ('Your comment', 'Reply to ada' …). */
  label: string;
  placeholder?: string;
  initialValue?: string;
  submitLabel?: string;
  /** Saves the trimmed text; resolves true when the server took it. */
  onSubmit: (content: string) => Promise<boolean>;
  /** Called when the editor closes: after a saved Submit and on Cancel. */
  onClose?: () => void;
  autoFocus?: boolean;
}

/**
 * Spec §4 editor: Submit and Cancel appear only while the text is non-empty; Submit closes and
 * clears the editor once the server has the text (a failure keeps it, so nothing typed is lost);
 * Cancel clears and closes it.
 */
export function CommentEditor({
  label,
  placeholder,
  initialValue = '',
  submitLabel = 'Submit',
  onSubmit,
  onClose,
  autoFocus = false,
}: CommentEditorProps) {
  const [value, setValue] = useState(initialValue);
  const [saving, setSaving] = useState(false);
  const filled = value.trim() !== '';

  const close = () => {
    setValue('');
    onClose?.();
  };
  const submit = async () => {
    if (!filled || saving) return;
    setSaving(true);
    const saved = await onSubmit(value.trim()).finally(() => setSaving(false));
    if (saved) close();
  };

  return (
    <Stack gap={6}>
      <Textarea
        aria-label={label}
        placeholder={placeholder ?? label}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
        }}
        autosize
        minRows={2}
        maxRows={12}
        maxLength={COMMENT_MAX_CHARS}
        readOnly={saving}
        data-autofocus={autoFocus || undefined}
        autoFocus={autoFocus}
      />
      {filled && (
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="compact-sm" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button size="compact-sm" onClick={() => void submit()} loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
