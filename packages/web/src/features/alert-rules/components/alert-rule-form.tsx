import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ALERT_RULE_CHANNEL_LABELS,
  ALERT_RULE_CHANNELS,
  ALERT_RULE_KIND_LABELS,
  ALERT_RULE_KINDS,
  alertRuleInputSchema,
  DEFAULT_COOLDOWN_MINUTES,
  type AlertRuleChannel,
  type AlertRuleInputDraft,
  type AlertRuleKind,
  type AlertRuleScope,
} from '@app/shared/api/alert-rules';
import { DEFAULT_WATCHLIST } from '@app/shared/api/market';
import { Link } from '../../../components/link';
import { useSaveAlertRule } from '../api/alert-rules';

/** What the form holds: the rule's fields as inputs hold them ('' for an empty one). */
export type AlertRuleFormValues = {
  kind: AlertRuleKind;
  scope: AlertRuleScope;
  symbol: string;
  watchlist: string;
  threshold: number | string;
  direction: 'up' | 'down' | 'either';
  keyword: string;
  sentiment: '' | 'bullish' | 'bearish';
  defcon_max: string;
  repeat: boolean;
  cooldown_hours: number | string;
  channels: AlertRuleChannel[];
};

export const EMPTY_RULE: AlertRuleFormValues = {
  kind: 'price_above',
  scope: 'symbol',
  symbol: '',
  watchlist: DEFAULT_WATCHLIST,
  threshold: '',
  direction: 'either',
  keyword: '',
  sentiment: '',
  defcon_max: '',
  repeat: true,
  cooldown_hours: DEFAULT_COOLDOWN_MINUTES / 60,
  channels: ['in_app', 'email'],
};

const THRESHOLD_LABELS: Partial<Record<AlertRuleKind, string>> = {
  price_above: 'Price level',
  price_below: 'Price level',
  day_move: 'Move from the previous close (%)',
  volume_spike: 'Times the 50-day average volume',
};

const SCOPE_OPTIONS: { value: AlertRuleScope; label: string }[] = [
  { value: 'symbol', label: 'One symbol' },
  { value: 'watchlist', label: 'A watchlist' },
  { value: 'holdings', label: 'Everything I hold' },
  { value: 'any', label: 'Every company' },
];

/** The request body of the form's values (the server checks it again). */
export function ruleDraftOf(values: AlertRuleFormValues): AlertRuleInputDraft {
  const number = (value: number | string) => (value === '' ? null : Number(value));
  return {
    kind: values.kind,
    scope: values.scope,
    symbol: values.scope === 'symbol' ? values.symbol.trim() || null : null,
    watchlist: values.scope === 'watchlist' ? values.watchlist.trim() || null : null,
    threshold: THRESHOLD_LABELS[values.kind] ? number(values.threshold) : null,
    direction: values.kind === 'day_move' ? values.direction : null,
    keyword: values.kind === 'keyword' ? values.keyword : null,
    sentiment: values.kind === 'keyword' && values.sentiment !== '' ? values.sentiment : null,
    defcon_max:
      values.kind === 'keyword' && values.defcon_max !== '' ? Number(values.defcon_max) : null,
    repeat: values.repeat,
    cooldown_minutes: Math.round((number(values.cooldown_hours) ?? 24) * 60),
    channels: values.channels,
  };
}

/** Creates a rule, or edits the rule `id`; `onDone` closes the dialog after a save. */
export function AlertRuleForm({
  initial,
  id,
  onDone,
}: {
  initial: AlertRuleFormValues;
  id?: string;
  onDone: () => void;
}) {
  const save = useSaveAlertRule();
  const form = useForm<AlertRuleFormValues>({
    initialValues: initial,
    validate: (values) => {
      const parsed = alertRuleInputSchema.safeParse(ruleDraftOf(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'kind');
        const key = field === 'cooldown_minutes' ? 'cooldown_hours' : field;
        errors[key] ??= issue.message;
      }
      return errors;
    },
  });
  const { kind, scope, repeat } = form.values;
  const thresholdLabel = THRESHOLD_LABELS[kind];
  const limitReached = save.error?.message.includes('Upgrade') ?? false;

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate({ rule: ruleDraftOf(values), ...(id && { id }) }, { onSuccess: onDone }),
      )}
      noValidate
    >
      <Stack gap="sm">
        <Select
          label="Alert me when"
          data={ALERT_RULE_KINDS.map((value) => ({ value, label: ALERT_RULE_KIND_LABELS[value] }))}
          allowDeselect={false}
          {...form.getInputProps('kind')}
        />
        <Select
          label="On"
          data={SCOPE_OPTIONS.filter((option) => option.value !== 'any' || kind === 'keyword')}
          allowDeselect={false}
          {...form.getInputProps('scope')}
        />
        {scope === 'symbol' && (
          <TextInput label="Symbol" placeholder="NASDAQ:NVDA" {...form.getInputProps('symbol')} />
        )}
        {scope === 'watchlist' && (
          <TextInput label="Watchlist" {...form.getInputProps('watchlist')} />
        )}
        {thresholdLabel && (
          <NumberInput
            label={thresholdLabel}
            min={0}
            decimalScale={4}
            {...form.getInputProps('threshold')}
          />
        )}
        {kind === 'day_move' && (
          <Select
            label="Direction"
            data={[
              { value: 'either', label: 'Up or down' },
              { value: 'up', label: 'Up' },
              { value: 'down', label: 'Down' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('direction')}
          />
        )}
        {kind === 'keyword' && (
          <>
            <TextInput
              label="Keyword or phrase"
              placeholder="FDA approval"
              {...form.getInputProps('keyword')}
            />
            <Group grow>
              <Select
                label="Sentiment"
                data={[
                  { value: '', label: 'Any' },
                  { value: 'bullish', label: 'Bullish' },
                  { value: 'bearish', label: 'Bearish' },
                ]}
                allowDeselect={false}
                {...form.getInputProps('sentiment')}
              />
              <Select
                label="Defcon level"
                data={[
                  { value: '', label: 'Any' },
                  ...[1, 2, 3, 4].map((level) => ({
                    value: String(level),
                    label: `${String(level)} or more urgent`,
                  })),
                ]}
                allowDeselect={false}
                {...form.getInputProps('defcon_max')}
              />
            </Group>
          </>
        )}
        <Switch
          label="Repeat (otherwise the alert switches itself off after it fired)"
          {...form.getInputProps('repeat', { type: 'checkbox' })}
        />
        {repeat && (
          <NumberInput
            label="Quiet for (hours) after it fired"
            min={0.1}
            decimalScale={2}
            {...form.getInputProps('cooldown_hours')}
          />
        )}
        <Checkbox.Group label="Tell me by" {...form.getInputProps('channels')}>
          <Stack gap={6} mt={6}>
            {ALERT_RULE_CHANNELS.map((channel) => (
              <Checkbox
                key={channel}
                value={channel}
                label={ALERT_RULE_CHANNEL_LABELS[channel]}
                // Browser notifications reach the devices where the user enabled them (the
                // "Enable browser notifications" card of the profile).
                description={
                  channel === 'push' ? 'On the devices where you enabled them' : undefined
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {save.error && (
          <Alert color={limitReached ? 'yellow' : 'red'} role="alert">
            {save.error.message}{' '}
            {limitReached && (
              <Anchor component={Link} to="/pricing">
                See the plans
              </Anchor>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {id ? 'Save alert' : 'Create alert'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
