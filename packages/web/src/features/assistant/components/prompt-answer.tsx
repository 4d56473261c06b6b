import { Loader, Stack, Text } from '@mantine/core';
import type { PromptJson } from '@app/shared/api/prompts';
import { usePromptLive } from '../api/prompt-live';
import { useAnswerStream } from '../api/prompt-stream';
import { useLiveConnected } from '../../../lib/live/use-live';
import { AnswerText } from './answer-text';
import classes from './assistant.module.css';
import { PromptProgress } from './prompt-status';

/**
 * The answer part of a prompt: the text as it is written, then the stored answer with its cited
 * sources; until then 'Thinking...' and the queue position, or why it failed. The text comes from
 * the page's live stream when it is up, for any waiting prompt; otherwise from the
 * prompt's own stream when `stream` (the question just sent from this page).
 */
export function PromptAnswer({ prompt, stream }: { prompt: PromptJson; stream: boolean }) {
  const waiting = prompt.status === 'INDEX';
  const connected = useLiveConnected();
  const pushed = usePromptLive(prompt.id, waiting);
  const streamed = useAnswerStream(prompt.id, stream && waiting && !connected);
  const text = pushed.text !== '' ? pushed.text : streamed.text;
  if (waiting && text !== '') {
    return (
      <Stack gap={6}>
        <Text size="sm" className={classes.plain}>
          {text}
        </Text>
        <Loader size="xs" type="dots" aria-label="Writing the answer" />
      </Stack>
    );
  }
  if (prompt.ai_summary) {
    return (
      <AnswerText
        text={prompt.ai_summary}
        citations={prompt.citations}
        markdown={prompt.use_markdown}
      />
    );
  }
  // Taken by a worker: no longer behind others in the queue.
  return <PromptProgress prompt={pushed.writing ? { ...prompt, ai_queue_size: 0 } : prompt} />;
}
