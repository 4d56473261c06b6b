import { SimpleGrid } from '@mantine/core';
import { TopGrowthTable } from '../../market';
import { DemoSection, GalleryPage } from '../components/gallery-page';
import { DEMO_COMPANIES } from '../demo-data';
import { DemoCompaniesTable } from '../components/demo-companies-table';

export function TableRegularPage() {
  return (
    <GalleryPage
      group="Tables"
      title="Regular tables"
      intro="A plain table in the product's style, and the market's top-growth tables as the home page shows them (live data)."
    >
      <DemoSection id="table-plain" title="Plain table">
        <DemoCompaniesTable
          companies={DEMO_COMPANIES.slice(0, 8)}
          minWidth={520}
          highlightOnHover
        />
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
