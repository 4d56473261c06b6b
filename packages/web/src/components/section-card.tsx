import { Card, Group, Title } from '@mantine/core';
import type { GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The framed section a panel or an admin card sits in, named for assistive tech by its heading. */
export function SectionCard({
  labelledBy,
  className,
  children,
}: {
  /** Id of the heading that names the section. */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={className}
      component="section"
      aria-labelledby={labelledBy}
    >
      {children}
    </Card>
  );
}

/** A section's heading (its `id` names the section) with what stands at its right: a badge, a control. */
export function SectionCardHeader({
  id,
  title,
  children,
  ...group
}: Omit<GroupProps, 'id' | 'title' | 'justify'> & { id: string; title: ReactNode }) {
  return (
    <Group justify="space-between" {...group}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Group>
  );
}
