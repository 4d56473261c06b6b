import { Table } from '@mantine/core';
import { formatPrice } from '@app/shared/display/format';
import { ChangeText } from '../../../components/change-display';
import { TableHead } from '../../../components/table-head';
import type { DemoCompany } from '../demo-data';

/** The demo companies as the table pages show them: symbol, name, sector, price and day change. */
export function DemoCompaniesTable({
  companies,
  minWidth,
  highlightOnHover,
}: {
  companies: readonly DemoCompany[];
  minWidth: number;
  highlightOnHover?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} withTableBorder>
        <TableHead
          columns={[
            'Symbol',
            'Company',
            'Sector',
            { label: 'Price', ta: 'right' },
            { label: 'Day', ta: 'right' },
          ]}
        />
        <Table.Tbody>
          {companies.map((company) => (
            <Table.Tr key={company.symbol + company.name}>
              <Table.Td ff="monospace">{company.symbol}</Table.Td>
              <Table.Td>{company.name}</Table.Td>
              <Table.Td>{company.sector}</Table.Td>
              <Table.Td ta="right">{formatPrice(company.price, 'USD')}</Table.Td>
              <Table.Td ta="right">
                <ChangeText value={company.changePct} format="percent" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
