import { Table } from '@mantine/core';
import type { TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column heading with the props of its cell (alignment, class); `key` when the label is no string. */
export interface TableHeadColumn extends Omit<TableThProps, 'children'> {
  label: ReactNode;
  key?: string;
}

/**
 * The heading row of a data table: one `Table.Th` per column, a plain string where the cell needs
 * nothing else. `scope` goes on every cell, for the tables that name their columns for screen readers.
 */
export function TableHead({
  columns,
  scope,
}: {
  columns: readonly (string | TableHeadColumn | false)[];
  scope?: 'col';
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) => {
          if (column === false) return null;
          if (typeof column === 'string') {
            return (
              <Table.Th key={column} scope={scope}>
                {column}
              </Table.Th>
            );
          }
          const { label, key, ...props } = column;
          return (
            <Table.Th
              key={key ?? (typeof label === 'string' ? label : index)}
              scope={scope}
              {...props}
            >
              {label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
