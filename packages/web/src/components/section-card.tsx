import { Card } from '@mantine/core';
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
