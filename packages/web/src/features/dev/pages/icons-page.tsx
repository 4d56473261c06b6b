import { Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DemoSection, GalleryPage } from '../components/gallery-page';
import { PRODUCT_ICONS } from '../icon-set';
import { filterIconNames } from '../rules';

const NAMES = Object.keys(PRODUCT_ICONS);

export function IconsPage() {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterIconNames(NAMES, query), [query]);
  return (
    <GalleryPage
      group="Components"
      title="Icons"
      intro={`The ${NAMES.length} Tabler icons the product's screens use. Type to filter by name.`}
    >
      <TextInput
        label="Filter icons"
        placeholder="chart, bell, user…"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={360}
      />
      <DemoSection id="icons-list" title={`${shown.length} of ${NAMES.length} icons`}>
        {shown.length === 0 ? (
          <Text c="dimmed" size="sm">
            No icon matches “{query}”.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm">
            {shown.map((name) => {
              const Glyph = PRODUCT_ICONS[name];
              return (
                <Paper key={name} withBorder radius="md" p="sm">
                  <Stack align="center" gap={6}>
                    {Glyph && <Glyph size={28} stroke={1.6} aria-hidden />}
                    <Text size="xs" ff="monospace" ta="center" style={{ wordBreak: 'break-all' }}>
                      {name.replace(/^Icon/, '')}
                    </Text>
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
        )}
      </DemoSection>
    </GalleryPage>
  );
}
