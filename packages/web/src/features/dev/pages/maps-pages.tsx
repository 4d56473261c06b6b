import { Alert, Code, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useGoogleMapsKey } from '../api/maps-config';
import { DemoSection, GalleryPage } from '../components/gallery-page';
import { GoogleMap } from '../components/google-map';
import { UsVectorMap } from '../components/us-vector-map';
import { companiesPerState } from '../demo-data';

export const GOOGLE_MAPS_MISSING =
  'Google Maps is not configured on this server (set GOOGLE_MAPS_KEY). The offline vector map is shown instead.';

function OfflineMap({ height }: { height?: number | string }) {
  const counts = useMemo(() => companiesPerState(), []);
  return (
    <Paper withBorder radius="lg" p="md">
      <UsVectorMap counts={counts} label="companies" height={height} />
    </Paper>
  );
}

/** Google Maps when a key is configured; otherwise says so and shows the offline map. */
function GoogleOrOffline({ height }: { height: number | string }) {
  const key = useGoogleMapsKey();
  if (key === undefined) return <Loader aria-label="Loading the map settings" />;
  if (key === null) {
    return (
      <Stack gap="md">
        <Alert color="yellow" icon={<IconMapOff />} title="No Google Maps key">
          {GOOGLE_MAPS_MISSING}
        </Alert>
        <OfflineMap />
      </Stack>
    );
  }
  return <GoogleMap apiKey={key} height={height} />;
}

export function GoogleMapPage() {
  return (
    <GalleryPage
      group="Maps"
      title="Google maps"
      intro={
        <>
          The template's Google map. The script is loaded from a URL with a <Code>{'{key}'}</Code>{' '}
          placeholder (spec §7), only when the server has GOOGLE_MAPS_KEY.
        </>
      }
    >
      <GoogleOrOffline height={420} />
    </GalleryPage>
  );
}

export function FullScreenMapPage() {
  return (
    <GalleryPage
      group="Maps"
      title="Full-screen map"
      intro="The same map at the full height of the window."
    >
      <GoogleOrOffline height="calc(100dvh - 220px)" />
    </GalleryPage>
  );
}

export function VectorMapPage() {
  return (
    <GalleryPage
      group="Maps"
      title="Vector map"
      intro="An offline map of the United States drawn from the bundled us-atlas topojson with d3-geo, coloured by the demo companies per state of headquarters. Hover a state for its count."
    >
      <DemoSection id="maps-vector" title="Demo companies per state of headquarters">
        <OfflineMap />
        <Text size="xs" c="dimmed">
          Sample content: made-up companies, not the product's listings.
        </Text>
      </DemoSection>
    </GalleryPage>
  );
}
