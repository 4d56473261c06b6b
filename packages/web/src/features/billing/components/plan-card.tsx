import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { PlanInfo } from '@app/shared/api/billing';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { planPrice } from '../plans';

/** One card of /pricing: name, price, features and the action the viewer can take. */
export function PlanCard({
  plan,
  current,
  highlighted,
  action,
}: {
  plan: PlanInfo;
  /** The viewer's own plan. */
  current: boolean;
  highlighted: boolean;
  action: ReactNode;
}) {
  const titleId = `plan-${plan.id}`;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      data-current={current || undefined}
      style={
        current || highlighted
          ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
          : undefined
      }
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3" id={titleId}>
            {plan.name}
          </Title>
          {current && (
            <Badge color="teal" variant="filled">
              Current plan
            </Badge>
          )}
        </Group>
        <Text fw={700} size="xl">
          {planPrice(plan)}
        </Text>
        <List
          spacing={6}
          size="sm"
          icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />}
          style={{ flexGrow: 1 }}
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {action}
      </Stack>
    </Card>
  );
}

/** Button props shared by the cards' actions. */
export const PLAN_ACTION = { fullWidth: true, size: 'md' } as const;
