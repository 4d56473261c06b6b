import { Badge, VisuallyHidden, type MantineSize } from '@mantine/core';
import { DeferredTooltip } from './deferred-tooltip';
import {
  sentimentBadge,
  sentimentConfidenceText,
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

/**
 * A sentiment score (−10 … +10) as its label and number, coloured by the spec's thresholds.
 * With `confidence` (an article's call; null when unknown) the badge says how sure the analyst
 * is, in a tooltip and to screen readers.
 */
export function SentimentBadge({
  score,
  size,
  confidence,
}: {
  score: number;
  size?: MantineSize;
  confidence?: number | null;
}) {
  const text = confidence === undefined ? null : sentimentConfidenceText(confidence);
  const badge = (
    <Badge color={TONE_COLORS[sentimentBadge(score)]} variant="light" size={size}>
      {sentimentLabel(score)} {score}
      {text && <VisuallyHidden>, {text}</VisuallyHidden>}
    </Badge>
  );
  if (!text) return badge;
  return (
    <DeferredTooltip label={text} events={{ hover: true, focus: true, touch: true }}>
      {badge}
    </DeferredTooltip>
  );
}
