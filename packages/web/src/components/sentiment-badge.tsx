import { Badge, type MantineSize } from '@mantine/core';
import {
  sentimentBadge,
  sentimentLabel,
  type SentimentBadge as SentimentTone,
} from '@app/shared/display/sentiment';

/** Spec §9 sentiment badge tones as Mantine colours. */
const TONE_COLORS: Record<SentimentTone, string> = {
  danger: 'red',
  warning: 'yellow',
  info: 'cyan',
  primary: 'blue',
  success: 'green',
};

/** A sentiment score (−10 … +10) as its label and number, coloured by the spec's thresholds. */
export function SentimentBadge({ score, size }: { score: number; size?: MantineSize }) {
  return (
    <Badge color={TONE_COLORS[sentimentBadge(score)]} variant="light" size={size}>
      {sentimentLabel(score)} {score}
    </Badge>
  );
}
