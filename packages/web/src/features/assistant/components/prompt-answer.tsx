import { Loader, Stack, Text } from '@mantine/core';
import type { PromptJson } from '@app/shared/api/prompts';
import { useAnswerStream } from '../api/prompt-stream';
import { AnswerText } from './answer-text';
import classes from './assistant.module.css';
import { PromptProgress } from './prompt-status';

/**
 * The answer part of a prompt: the text as it streams in (when `stream` and still waiting), then
 * the stored answer with its cited sources; until then 'Thinking...' and the queue position, or
 * why it failed.
 */
export function PromptAnswer({ prompt, stream }: { prompt: PromptJson; stream: boolean }) {
  const waiting = prompt.status === 'INDEX';
  const live = useAnswerStream(prompt.id, stream && waiting);
  if (waiting && live.text !== '') {
    return (
      <Stack gap={6}>
        <Text size="sm" className={classes.plain}>
          {live.text}
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
  return <PromptProgress prompt={prompt} />;
}
