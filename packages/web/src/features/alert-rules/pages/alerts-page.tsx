import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  ALERT_RULE_CHANNEL_LABELS,
  ALERT_RULE_KIND_LABELS,
  type AlertRule,
} from '@app/shared/api/alert-rules';
import { timeAgo } from '@app/shared/display/timeago';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '../../../components/link';
import {
  useAlertRuleHistory,
  useAlertRules,
  useDeleteAlertRule,
  usePauseAlertRule,
} from '../api/alert-rules';
import classes from './alerts-page.module.css';
import { AlertRuleForm, EMPTY_RULE, type AlertRuleFormValues } from '../components/alert-rule-form';
import { TableHead } from '../../../components/table-head';

const STATUS_LABELS: Record<AlertRule['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  paused: { label: 'Paused', color: 'gray' },
  done: { label: 'Fired (once)', color: 'blue' },
};

/** What a rule watches, in words ("NASDAQ:NVDA above 181.00"). */
export function ruleSummary(rule: AlertRule): string {
  const target =
    rule.scope === 'symbol'
      ? (rule.symbol ?? '')
      : rule.scope === 'watchlist'
        ? `watchlist “${rule.watchlist ?? ''}”`
        : rule.scope === 'holdings'
          ? 'everything I hold'
          : 'every company';
  const threshold = rule.threshold === null ? '' : String(rule.threshold);
  switch (rule.kind) {
    case 'price_above':
      return `${target} above ${threshold}`;
    case 'price_below':
      return `${target} below ${threshold}`;
    case 'day_move': {
      const sign = rule.direction === 'up' ? '+' : rule.direction === 'down' ? '−' : '±';
      return `${target} moves ${sign}${threshold} % in a day`;
    }
    case 'volume_spike':
      return `${target} trades ${threshold} × its 50-day average volume`;
    case 'keyword': {
      const filters = [
        rule.sentiment,
        rule.defcon_max === null ? null : `defcon ≤ ${String(rule.defcon_max)}`,
      ].filter(Boolean);
      return `“${rule.keyword ?? ''}” in news about ${target}${filters.length ? ` (${filters.join(', ')})` : ''}`;
    }
    default:
      return target;
  }
}

function formValuesOf(rule: AlertRule): AlertRuleFormValues {
  return {
    kind: rule.kind,
    scope: rule.scope,
    symbol: rule.symbol ?? '',
    watchlist: rule.watchlist ?? EMPTY_RULE.watchlist,
    threshold: rule.threshold ?? '',
    direction: rule.direction ?? 'either',
    keyword: rule.keyword ?? '',
    sentiment: rule.sentiment ?? '',
    defcon_max: rule.defcon_max === null ? '' : String(rule.defcon_max),
    repeat: rule.repeat,
    cooldown_hours: rule.cooldown_minutes / 60,
    channels: rule.channels,
  };
}

function RuleRow({ rule, onEdit }: { rule: AlertRule; onEdit: () => void }) {
  const pause = usePauseAlertRule();
  const remove = useDeleteAlertRule();
  const status = STATUS_LABELS[rule.status];
  const summary = ruleSummary(rule);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {ALERT_RULE_KIND_LABELS[rule.kind]}
        </Text>
        <Text size="sm">{summary}</Text>
        <Text size="xs" c="dimmed">
          {rule.channels.map((c) => ALERT_RULE_CHANNEL_LABELS[c]).join(', ')} ·{' '}
          {rule.repeat
            ? `repeats, quiet ${String(rule.cooldown_minutes / 60)} h after firing`
            : 'once'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{rule.last_fired_at === null ? 'Never' : timeAgo(rule.last_fired_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {rule.status !== 'done' && (
            <Tooltip label={rule.status === 'paused' ? 'Resume' : 'Pause'}>
              <ActionIcon
                variant="subtle"
                aria-label={`${rule.status === 'paused' ? 'Resume' : 'Pause'} alert: ${summary}`}
                loading={pause.isPending}
                onClick={() => pause.mutate({ id: rule.id, paused: rule.status !== 'paused' })}
              >
                {rule.status === 'paused' ? (
                  <IconPlayerPlay size={18} />
                ) : (
                  <IconPlayerPause size={18} />
                )}
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label={`Edit alert: ${summary}`} onClick={onEdit}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete alert: ${summary}`}
              loading={remove.isPending}
              onClick={() => remove.mutate(rule.id)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function RulesCard() {
  const rules = useAlertRules();
  const [editing, setEditing] = useState<{ rule?: AlertRule } | null>(null);
  const limit = rules.data?.limit;
  const full = limit !== undefined && limit.max !== null && limit.used >= limit.max;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          Your alert rules
        </Title>
        <Button onClick={() => setEditing({})} disabled={full}>
          New alert
        </Button>
      </Group>
      {limit && (
        <Text size="sm" c="dimmed" mb="sm">
          {limit.max === null
            ? `${String(limit.used)} alert rules (no limit on your ${limit.plan} plan).`
            : `${String(limit.used)} of ${String(limit.max)} alert rules on your ${limit.plan} plan.`}{' '}
          {full && (
            <Anchor component={Link} to="/pricing" aria-label="Upgrade for more alert rules">
              Upgrade for more
            </Anchor>
          )}
        </Text>
      )}
      {rules.isError && <Text c="red">{rules.error.message}</Text>}
      {rules.data && rules.data.rules.length === 0 && (
        <Text c="dimmed">
          No alert rules yet. Use “Alert me…” on a company page, a watchlist or your holdings, or
          “New alert” here.
        </Text>
      )}
      {rules.data && rules.data.rules.length > 0 && (
        <Table verticalSpacing="sm" aria-label="Your alert rules" className={classes.rules}>
          <TableHead
            columns={[
              'Alert',
              'Status',
              'Last fired',
              { key: 'actions', label: <VisuallyHidden>Actions</VisuallyHidden> },
            ]}
          />
          <Table.Tbody>
            {rules.data.rules.map((rule) => (
              <RuleRow key={rule.id} rule={rule} onEdit={() => setEditing({ rule })} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.rule ? 'Edit alert' : 'New alert'}
      >
        {editing && (
          <AlertRuleForm
            initial={editing.rule ? formValuesOf(editing.rule) : EMPTY_RULE}
            {...(editing.rule && { id: editing.rule.id })}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Card>
  );
}

function HistoryCard() {
  const history = useAlertRuleHistory();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h3" mb="sm">
        What fired
      </Title>
      {history.data && history.data.firings.length === 0 && (
        <Text c="dimmed">Nothing fired yet.</Text>
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {history.data?.firings.map((firing) => (
          <li key={firing.id}>
            <Anchor component={Link} to={firing.link} size="sm">
              {firing.text}
            </Anchor>
            <Text size="xs" c="dimmed">
              {timeAgo(firing.fired_at)}
            </Text>
          </li>
        ))}
      </Stack>
    </Card>
  );
}

/** `/pages/alerts`: the caller's alert rules (status, last fired, pause, edit, delete) and history. */
export function AlertsPage() {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Alerts
      </Title>
      <RulesCard />
      <HistoryCard />
    </Stack>
  );
}
