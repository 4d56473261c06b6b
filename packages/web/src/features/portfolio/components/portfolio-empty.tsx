import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link } from '../../../components/link';

/** Shown where portfolio figures would be while the user has recorded nothing. */
export function PortfolioEmpty() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Your portfolio">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          Track your portfolio
        </Title>
        <Text size="sm" c="dimmed">
          You have not recorded any purchase yet. Add the shares you own to see their value, profit
          and loss and performance against the market here.
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to={PAGE_PATHS.portfolioRegister}
            leftSection={<IconPlus size={16} />}
          >
            Track a purchase
          </Button>
          <Button
            component={Link}
            to={PAGE_PATHS.dashboardImport}
            variant="default"
            leftSection={<IconFileImport size={16} />}
          >
            Import a CSV
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
