import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { PromptJson } from '@app/shared/api/prompts';
import { timeAgo } from '@app/shared/display/timeago';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import classes from './assistant.module.css';
import { PromptAnswer } from './prompt-answer';
import { PromptDebugLink } from './prompt-debug-link';
import { PromptStatusLabel } from './prompt-status';

function typeLabel(prompt: PromptJson): string {
  if (prompt.type === 'email_prompt') return 'E-mail summary';
  if (prompt.type === 'CHAT') return 'Chat';
  return 'Portfolio';
}

function selectionLabel(selection: readonly string[]): string {
  if (selection.includes('EMAIL')) return 'Your e-mail digest';
  if (selection.includes('PORTFOLIO') || selection.length === 0) return 'My portfolio';
  return selection.join(', ');
}

/**
 * A prompt of the editor's list (spec §4): its text, what it is about, its status, 'Thinking...'
 * and the queue position until the answer arrives (streamed when it was just sent), then the
 * cited answer. A removed prompt stays blurred, without its buttons, until the list drops it.
 */
export function PromptCard({
  prompt,
  deleted,
  stream,
  onEdit,
  onRemove,
  removing,
}: {
  prompt: PromptJson;
  deleted: boolean;
  stream: boolean;
  onEdit: (prompt: PromptJson) => void;
  onRemove: (prompt: PromptJson) => void;
  removing: boolean;
}) {
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      className={deleted ? classes.deleted : undefined}
      aria-disabled={deleted || undefined}
      aria-label={deleted ? `Removed prompt: ${prompt.title}` : `Prompt: ${prompt.title}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Text fw={600} size="sm" lineClamp={3}>
              {prompt.prompt}
            </Text>
            <Group gap={6}>
              <Badge size="xs" variant="light">
                {typeLabel(prompt)}
              </Badge>
              <Text size="xs" c="dimmed">
                {selectionLabel(prompt.selection)} · {timeAgo(prompt.creation_date)}
              </Text>
              <PromptStatusLabel status={prompt.status} />
              {!deleted && <PromptDebugLink id={prompt.id} />}
            </Group>
          </Stack>
          {!deleted && (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconEdit size={14} aria-hidden />}
                onClick={() => onEdit(prompt)}
              >
                Edit
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                loading={removing}
                onClick={() => onRemove(prompt)}
              >
                Remove
              </Button>
            </Group>
          )}
        </Group>
        <PromptAnswer prompt={prompt} stream={stream && !deleted} />
      </Stack>
    </Card>
  );
}
