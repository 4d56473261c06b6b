import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

export interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Above the title (an avatar on the lock screen). */
  header?: ReactNode;
  /** 'wide' for the register form. */
  size?: 'default' | 'wide';
  children: ReactNode;
}

/** The card every session page (register, login, lock, recovery, waiting) sits in. */
export function AuthCard({ title, subtitle, header, size = 'default', children }: AuthCardProps) {
  return (
    <Paper
      className={classes.card}
      data-size={size}
      radius="lg"
      p={{ base: 'lg', sm: 36 }}
      shadow="xl"
      withBorder
    >
      <Stack gap="lg">
        <Stack gap={6} align={header ? 'center' : 'stretch'}>
          {header}
          <Title order={1} className={classes.title} ta={header ? 'center' : undefined}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm" ta={header ? 'center' : undefined}>
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
