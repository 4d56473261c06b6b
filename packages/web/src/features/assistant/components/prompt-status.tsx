import { Alert, Badge, Group, Loader, Text } from '@mantine/core';
import type { PromptJson } from '@app/shared/api/prompts';

/** Spec §4: shown while a prompt has no answer yet. */
export const THINKING_TEXT = 'Thinking...';

/** Spec §4: the prompt's place in the AI queue (1 = next). */
export function queuePositionText(position: number): string {
  return `Queue position #${position}`;
}

const STATUS_LABELS: Record<PromptJson['status'], string> = {
  INDEX: 'Queued',
  PROCESSED: 'Answered',
  FAILED: 'Failed',
};

/** Spec §4: a non-PROCESSED status is shown as a label (the raw status in its title). */
export function PromptStatusLabel({ status }: { status: PromptJson['status'] }) {
  if (status === 'PROCESSED') return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color={status === 'FAILED' ? 'red' : 'yellow'}
      title={`Status ${status}`}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * Spec §4: 'Thinking...' with a spinner while there is no answer, with 'Queue position #n' when
 * the prompt still waits behind others; a failed prompt says why.
 */
export function PromptProgress({
  prompt,
}: {
  prompt: Pick<PromptJson, 'status' | 'ai_summary' | 'ai_queue_size' | 'error'>;
}) {
  if (prompt.status === 'FAILED') {
    return (
      <Alert color="red" variant="light" title="No answer">
        {prompt.error ?? 'The answer could not be written.'}
      </Alert>
    );
  }
  if (prompt.ai_summary !== null && prompt.ai_summary !== '') return null;
  return (
    <Group gap="xs" role="status" aria-live="polite">
      <Loader size="xs" type="dots" />
      <Text size="sm" c="dimmed">
        {THINKING_TEXT}
      </Text>
      {prompt.ai_queue_size > 0 && (
        <Badge size="sm" variant="outline" color="gray">
          {queuePositionText(prompt.ai_queue_size)}
        </Badge>
      )}
    </Group>
  );
}
