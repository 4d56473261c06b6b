import { Badge, Group, Stack, Text } from '@mantine/core';
import type { PromptJson } from '@app/shared/api/prompts';
import { timeAgo } from '@app/shared/display/timeago';
import { usePromptPoll } from '../api/prompt-get';
import { useLiveConnected } from '../../../lib/live/use-live';
import classes from './assistant.module.css';
import { furthest } from './prompt-copy';
import { PromptAnswer } from './prompt-answer';
import { PromptStatusLabel } from './prompt-status';

/**
 * One question of the chat and its answer: streamed while it is written; polled until done
 * (spec §9) only while the page's live stream is down (the stream tells its end).
 */
export function ChatExchange({
  prompt: listed,
  stream,
}: {
  prompt: PromptJson;
  /** Stream this answer (the question just sent from this page). */
  stream: boolean;
}) {
  const connected = useLiveConnected();
  const polled = usePromptPoll(listed, !connected);
  const prompt = furthest(listed, polled.data);
  const waiting = prompt.status === 'INDEX';
  const selection = prompt.selection.filter((entry) => entry !== 'EMAIL');

  return (
    <Stack gap={6}>
      <div className={classes.question}>
        <Text size="sm">{prompt.prompt}</Text>
      </div>
      <Group gap={6} justify="flex-end">
        {prompt.system_name && (
          <Badge size="xs" variant="light">
            {prompt.system_name}
          </Badge>
        )}
        {selection.map((entry) => (
          <Badge key={entry} size="xs" variant="outline" color="gray">
            {entry === 'PORTFOLIO' ? 'My portfolio' : entry}
          </Badge>
        ))}
        <Text size="xs" c="dimmed">
          {timeAgo(prompt.creation_date)}
        </Text>
        <PromptStatusLabel status={prompt.status} />
      </Group>
      <div className={classes.answer} aria-busy={waiting}>
        <PromptAnswer prompt={prompt} stream={stream} />
      </div>
    </Stack>
  );
}
