import { Badge, Group, Text } from '@mantine/core';
import classes from './explore.module.css';

/** What a category's control is called: 'Financials, 113 companies'. */
export function categoryAccessibleName(name: string, count: number): string {
  return `${name}, ${count} ${count === 1 ? 'company' : 'companies'}`;
}

export interface CategoryLabelProps {
  name: string;
  count: number;
  size?: 'sm' | 'md';
}

/** A sector or sub-industry name with its company count. */
export function CategoryLabel({ name, count, size = 'md' }: CategoryLabelProps) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" className={classes.label}>
      <Text fw={600} size={size} className={classes.name}>
        {name}
      </Text>
      <Badge variant="light" color="gray" radius="sm" className={classes.count}>
        {count}
      </Badge>
    </Group>
  );
}
