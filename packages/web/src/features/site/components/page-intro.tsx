import { Badge, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from '../pages/content-page.module.css';

/** The head of a content page: a badge naming the page, its title, then the lead text it is given. */
export function PageIntro({
  badge,
  title,
  maw,
  children,
}: {
  badge: string;
  title: string;
  maw?: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" maw={maw}>
      <Badge variant="light" radius="sm" w="fit-content">
        {badge}
      </Badge>
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
