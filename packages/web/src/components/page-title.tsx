import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading and the line under it that says what the page is for. */
export function PageTitle({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </div>
  );
}
