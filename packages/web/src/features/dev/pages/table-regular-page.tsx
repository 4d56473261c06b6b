import { SimpleGrid, Table } from '@mantine/core';
import { formatPrice } from '@app/shared/display/format';
import { TopGrowthTable } from '../../market';
import { ChangeText } from '../../../components/change-display';
import { DemoSection, GalleryPage } from '../components/gallery-page';
import { DEMO_COMPANIES } from '../demo-data';
import { TableHead } from '../../../components/table-head';

export function TableRegularPage() {
  return (
    <GalleryPage
      group="Tables"
      title="Regular tables"
      intro="A plain table in the product's style, and the market's top-growth tables as the home page shows them (live data)."
    >
      <DemoSection id="table-plain" title="Plain table">
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover withTableBorder>
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
              {DEMO_COMPANIES.slice(0, 8).map((company) => (
                <Table.Tr key={company.symbol}>
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
      </DemoSection>
      <DemoSection id="table-market" title="Market tables">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <TopGrowthTable period="change_pct_1" />
          <TopGrowthTable period="change_pct_8" />
        </SimpleGrid>
      </DemoSection>
    </GalleryPage>
  );
}
