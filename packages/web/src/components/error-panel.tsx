import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from './link';
import classes from './error-panel.module.css';

export interface ErrorPanelProps {
  title: string;
  message: ReactNode;
  /** Large code shown above the title, e.g. 404. */
  code?: string;
  actions?: ReactNode;
}

/** A centred card for error states (error page, not found, route errors). */
export function ErrorPanel({ title, message, code, actions }: ErrorPanelProps) {
  return (
    <Paper className={classes.panel} radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xl" withBorder>
      <Stack align="center" gap="md">
        {code ? (
          <Text className={classes.code} aria-hidden="true">
            {code}
          </Text>
        ) : (
          <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden="true">
            <IconAlertTriangle size={34} stroke={1.6} />
          </ThemeIcon>
        )}
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        <Text c="dimmed" ta="center" className={classes.message}>
          {message}
        </Text>
        {actions && (
          <Group justify="center" mt="sm">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The panel's way out: a button back to a safe page, the home page unless told another. */
export function HomeButton({
  to = '/',
  children = 'Back to home',
}: {
  to?: string;
  children?: string;
}) {
  return (
    <Button component={Link} to={to} leftSection={<IconHome size={18} />}>
      {children}
    </Button>
  );
}
