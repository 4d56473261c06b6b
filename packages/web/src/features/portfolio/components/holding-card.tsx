import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Holding } from '@app/shared/api/portfolio';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { IconLayoutDashboard, IconPlus } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import { tickerPath } from '../../../lib/ticker-path';
import { ChangeText, changeClass } from '../../../components/change-display';
import { formatMoney, formatQuantity, formatSignedMoney } from './portfolio-format';
import classes from './portfolio.module.css';

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} className={classes.figure} component="div">
        {value}
      </Text>
    </div>
  );
}

/** The position a recorded transaction leaves, with the way on to the dashboard. */
export function HoldingCard({ holding, onAnother }: { holding: Holding; onAnother: () => void }) {
  const { currency } = holding;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Your holding">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Your holding of{' '}
            <Anchor component={Link} to={tickerPath(holding.symbol)}>
              {holding.symbol}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {holding.company_name}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label="Shares" value={formatQuantity(holding.quantity)} />
          <Figure label="Average cost" value={formatMoney(holding.average_cost, currency)} />
          <Figure label="Market value" value={formatMoney(holding.market_value, currency)} />
          <Figure
            label="Unrealised P&L"
            value={
              <Group gap={6} align="baseline">
                <span className={changeClass(holding.unrealized_pnl)}>
                  {formatSignedMoney(holding.unrealized_pnl, currency)}
                </span>
                <Text size="sm" component="span">
                  <ChangeText value={holding.unrealized_pnl_pct} format="percent" />
                </Text>
              </Group>
            }
          />
        </SimpleGrid>
        <Group gap="sm">
          <Button
            component={Link}
            to={PAGE_PATHS.dashboard}
            leftSection={<IconLayoutDashboard size={16} aria-hidden="true" />}
          >
            See it on the dashboard
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={onAnother}
          >
            Record another
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
