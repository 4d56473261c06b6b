import type { AlertPlan, AlertSettingsUpdate } from '@app/shared/api/alerts';
import { HOURLY_CAP_MAX, HOURLY_CAP_MIN } from '@app/shared/api/alerts';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../components/link';
import { useAlertSettings, useSaveAlertSettings } from '../api/alert-settings';
import { SectionCard } from '../../../components/section-card';

/** The alert notifications with the plan that includes each (spec §9 pricing). */
export const NOTIFICATIONS: {
  key: keyof Omit<AlertPlan, 'plan' | 'label'>;
  label: string;
  plan: string;
}[] = [
  { key: 'instant', label: 'Instant alerts', plan: 'Standard' },
  { key: 'daily', label: 'Daily e-mail alerts', plan: 'Standard' },
  { key: 'weekly', label: 'Weekly e-mail summary', plan: 'Basic' },
];

const OFF = 'off';
const HOURS = [
  { value: OFF, label: 'Off' },
  ...Array.from({ length: 24 }, (_, hour) => ({
    value: String(hour),
    label: `${String(hour).padStart(2, '0')}:00`,
  })),
];

function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** What the plan includes: each notification, included or with an upgrade link (never hidden). */
function PlanIncludes({ entitlements }: { entitlements: AlertPlan }) {
  return (
    <Stack gap={6}>
      {NOTIFICATIONS.map((item) => (
        <Group key={item.key} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">{item.label}</Text>
          {entitlements[item.key] ? (
            <Badge variant="light" color="teal">
              In your plan
            </Badge>
          ) : (
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {item.plan === 'Basic' ? 'Basic and above' : 'Standard'}
              </Text>
              <Anchor
                component={Link}
                to="/pricing"
                size="sm"
                aria-label={`Upgrade for ${item.label}`}
              >
                Upgrade
              </Anchor>
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The profile's alert settings: what the plan includes, the time zone digests follow,
 * quiet hours (alerts wait until they end) and the hourly cap. Selections save on change, the
 * cap on blur or Enter.
 */
export function NotificationSettingsCard() {
  const { data, isPending, isError, error } = useAlertSettings();
  const save = useSaveAlertSettings();
  const [cap, setCap] = useState<string | number | null>(null);
  const change = (update: AlertSettingsUpdate) => save.mutate(update);

  const commitCap = () => {
    if (cap === null || !data) return;
    const value = Number(cap);
    if (Number.isInteger(value) && value >= HOURLY_CAP_MIN && value <= HOURLY_CAP_MAX) {
      if (value !== data.settings.hourly_cap) change({ hourly_cap: value });
    }
    setCap(null);
  };

  return (
    <SectionCard labelledBy="alert-settings">
      <Title order={2} size="h4" id="alert-settings" mb={4}>
        Alerts and digests
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Turn them on or off under Notifications; choose here when they may reach you.
      </Text>
      {isError && <Alert color="red">{error.message}</Alert>}
      {isPending && <Skeleton height={160} radius="md" />}
      {data && (
        <Stack gap="md">
          <PlanIncludes entitlements={data.entitlements} />
          <Select
            label="Time zone"
            description="Digests arrive at 07:00 in this zone; quiet hours follow it."
            data={timeZones()}
            value={data.settings.time_zone}
            searchable
            allowDeselect={false}
            onChange={(value) => value && change({ time_zone: value })}
            disabled={save.isPending}
          />
          <SimpleGrid cols={2} spacing="sm">
            <Select
              label="Quiet from"
              data={HOURS}
              value={data.settings.quiet_start === null ? OFF : String(data.settings.quiet_start)}
              allowDeselect={false}
              onChange={(value) =>
                change({ quiet_start: !value || value === OFF ? null : Number(value) })
              }
              disabled={save.isPending}
            />
            <Select
              label="Quiet until"
              data={HOURS}
              value={data.settings.quiet_end === null ? OFF : String(data.settings.quiet_end)}
              allowDeselect={false}
              onChange={(value) =>
                change({ quiet_end: !value || value === OFF ? null : Number(value) })
              }
              disabled={save.isPending}
            />
          </SimpleGrid>
          <NumberInput
            label="Instant alerts per hour, at most"
            description="Alerts over the cap are skipped, not delayed."
            min={HOURLY_CAP_MIN}
            max={HOURLY_CAP_MAX}
            allowDecimal={false}
            value={cap ?? data.settings.hourly_cap}
            onChange={setCap}
            onBlur={commitCap}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commitCap();
            }}
          />
        </Stack>
      )}
    </SectionCard>
  );
}
