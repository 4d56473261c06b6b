import { Grid, Paper, SimpleGrid, Text } from '@mantine/core';
import { DemoSection, GalleryPage } from '../components/gallery-page';

function Cell({ label }: { label: string }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Text size="sm" ta="center" ff="monospace">
        {label}
      </Text>
    </Paper>
  );
}

const ROWS: readonly (readonly number[])[] = [
  [12],
  [6, 6],
  [4, 4, 4],
  [3, 3, 3, 3],
  [8, 4],
  [2, 8, 2],
];

export function GridSystemPage() {
  return (
    <GalleryPage
      group="Components"
      title="Grid system"
      intro="The 12-column grid of the product's pages; columns stack below the sm breakpoint (about 768 px)."
    >
      <DemoSection id="grid-columns" title="Columns">
        {ROWS.map((row) => (
          <Grid key={row.join('-')} gap="sm">
            {row.map((span, index) => (
              <Grid.Col key={index} span={{ base: 12, sm: span }}>
                <Cell label={`span ${span}`} />
              </Grid.Col>
            ))}
          </Grid>
        ))}
      </DemoSection>
      <DemoSection id="grid-simple" title="Card grids (1 / 2 / 4 columns)">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {['One', 'Two', 'Three', 'Four'].map((label) => (
            <Cell key={label} label={label} />
          ))}
        </SimpleGrid>
      </DemoSection>
    </GalleryPage>
  );
}
