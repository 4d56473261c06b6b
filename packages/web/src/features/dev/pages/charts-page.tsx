import { SimpleGrid, Text, Title } from '@mantine/core';
import { AllocationDonut, PerformanceChart, ValueChart } from '../../portfolio';
import { SectionCard } from '../../../components/section-card';
import { GalleryPage } from '../components/gallery-page';
import { DEMO_ALLOCATION, DEMO_SERIES } from '../demo-data';

export function ChartsPage() {
  return (
    <GalleryPage
      group="Pages"
      title="Charts"
      intro="The dashboard's chart components (lightweight-charts lines and the Mantine donut) fed with a made-up year of data."
    >
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SectionCard labelledBy="demo-chart-performance">
          <Title order={2} size="h5" id="demo-chart-performance" mb="sm">
            Performance against the benchmark
          </Title>
          <PerformanceChart series={DEMO_SERIES} benchmarkName="S&P 500" rangeLabel="1 year" />
        </SectionCard>
        <SectionCard labelledBy="demo-chart-value">
          <Title order={2} size="h5" id="demo-chart-value" mb="sm">
            Value and money put in
          </Title>
          <ValueChart series={DEMO_SERIES} currency="USD" rangeLabel="1 year" />
        </SectionCard>
      </SimpleGrid>
      <SectionCard labelledBy="demo-chart-allocation">
        <Title order={2} size="h5" id="demo-chart-allocation" mb="sm">
          Allocation by sector
        </Title>
        <AllocationDonut slices={DEMO_ALLOCATION} currency="USD" />
      </SectionCard>
      <Text size="xs" c="dimmed">
        Sample content: the numbers are made up.
      </Text>
    </GalleryPage>
  );
}
