import { Alert, Box, Loader } from '@mantine/core';
import { GOOGLE_MAPS_SCRIPT_URL } from '@app/shared/api/dev';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

interface GoogleMapsApi {
  maps: { Map: new (element: HTMLElement, options: object) => unknown };
}

let scriptPromise: Promise<GoogleMapsApi> | null = null;

/** Loads the Google Maps script once, with the configured key in place of {key}. */
function loadGoogleMaps(key: string): Promise<GoogleMapsApi> {
  scriptPromise ??= new Promise<GoogleMapsApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_MAPS_SCRIPT_URL.replace('{key}', encodeURIComponent(key));
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { google?: GoogleMapsApi }).google;
      if (api) resolve(api);
      else reject(new Error('Google Maps did not start'));
    };
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('Google Maps could not be loaded'));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

/** A Google map centred on New York, drawn only once the script with the key has loaded. */
export function GoogleMap({ apiKey, height }: { apiKey: string; height: number | string }) {
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    loadGoogleMaps(apiKey)
      .then((api) => {
        if (!live || !element.current) return;
        new api.maps.Map(element.current, { center: { lat: 40.7069, lng: -74.0113 }, zoom: 12 });
        setState('ready');
      })
      .catch(() => {
        if (live) setState('failed');
      });
    return () => {
      live = false;
    };
  }, [apiKey]);
  if (state === 'failed') {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="Google Maps could not be loaded">
        The script did not load with the configured key.
      </Alert>
    );
  }
  return (
    <Box pos="relative" h={height}>
      {state === 'loading' && <Loader pos="absolute" top="45%" left="48%" />}
      <div ref={element} style={{ width: '100%', height: '100%', borderRadius: 12 }} />
    </Box>
  );
}
