import {
  ColorInput,
  FileInput,
  MultiSelect,
  NumberInput,
  RangeSlider,
  SegmentedControl,
  SimpleGrid,
  Slider,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { DemoSection, GalleryPage } from '../components/gallery-page';

export function FormsExtendedPage() {
  const [range, setRange] = useState<'1M' | '1Y' | '5Y'>('1Y');
  return (
    <GalleryPage
      group="Forms"
      title="Extended forms"
      intro="The richer inputs: numbers with prefixes, tags, multi-selects, sliders, segmented controls (the chart range selector), colour and file inputs."
    >
      <DemoSection id="forms-extended" title="Extended inputs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={760}>
          <NumberInput
            label="Price paid"
            prefix="$"
            decimalScale={2}
            defaultValue={187.5}
            min={0}
          />
          <NumberInput label="Shares" defaultValue={10} min={1} allowDecimal={false} />
          <TagsInput label="Tickers" defaultValue={['AAPL', 'MSFT']} />
          <MultiSelect
            label="Sectors"
            data={['Technology', 'Energy', 'Financials', 'Health Care']}
            defaultValue={['Technology']}
          />
          <ColorInput label="Chart colour" defaultValue="#1c7ed6" />
          <FileInput label="Broker CSV" placeholder="Choose a file" accept=".csv" clearable />
        </SimpleGrid>
        <Stack gap="md" maw={760} mt="md">
          <div>
            <Text size="sm" fw={500} mb={4}>
              Chart range
            </Text>
            <SegmentedControl
              value={range}
              onChange={(value) => setRange(value)}
              data={['1M', '1Y', '5Y']}
            />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4}>
              Sentiment threshold
            </Text>
            <Slider min={-10} max={10} defaultValue={3} marks={[{ value: 0, label: '0' }]} />
          </div>
          <div>
            <Text size="sm" fw={500} mb={24}>
              Price band
            </Text>
            <RangeSlider min={0} max={500} defaultValue={[120, 260]} />
          </div>
        </Stack>
      </DemoSection>
    </GalleryPage>
  );
}
