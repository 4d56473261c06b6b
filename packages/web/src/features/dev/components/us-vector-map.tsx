import { Group, Stack, Text } from '@mantine/core';
import { geoPath } from 'd3-geo';
import type { Feature, Geometry } from 'geojson';
import { useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesAtlas from 'us-atlas/states-albers-10m.json';
import { colourStep } from '../rules';

/** Postal codes of the states, by the names us-atlas gives them. */
const POSTAL: Record<string, string> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
};

/** Light to dark, step 0 for none (Mantine's blue scale). */
const STEPS = 6;
const FILL = [0, 2, 4, 5, 7, 9].map((shade) => `var(--mantine-color-blue-${shade})`);
FILL[0] = 'light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-5))';

interface StateProps {
  name: string;
}

type Atlas = Topology<{ states: GeometryCollection<StateProps> }>;

/** The states as SVG paths; the atlas is already projected (Albers USA, 975 × 610). */
function useStatePaths() {
  return useMemo(() => {
    const atlas = statesAtlas as unknown as Atlas;
    const collection = feature(atlas, atlas.objects.states);
    const path = geoPath();
    return collection.features.map((state: Feature<Geometry, StateProps>) => ({
      name: state.properties.name,
      postal: POSTAL[state.properties.name] ?? '',
      d: path(state) ?? '',
    }));
  }, []);
}

/**
 * An offline map of the United States drawn from the bundled us-atlas topojson, each state
 * coloured by a count (e.g. companies with their headquarters there).
 */
export function UsVectorMap({
  counts,
  label,
  height,
}: {
  counts: ReadonlyMap<string, number>;
  /** What the counts are ("companies"). */
  label: string;
  height?: number | string;
}) {
  const states = useStatePaths();
  const max = Math.max(0, ...counts.values());
  return (
    <Stack gap="xs">
      <svg
        viewBox="0 0 975 610"
        role="img"
        aria-label={`Map of the United States: ${label} per state`}
        style={{
          width: '100%',
          maxWidth: 960,
          margin: '0 auto',
          height: height ?? 'auto',
          display: 'block',
        }}
      >
        {states.map((state) => {
          const count = counts.get(state.postal) ?? 0;
          return (
            <path
              key={state.name}
              d={state.d}
              fill={FILL[colourStep(count, max, STEPS)]}
              stroke="var(--mantine-color-body)"
              strokeWidth={0.8}
              data-state={state.postal}
              data-count={count}
            >
              <title>{`${state.name}: ${count} ${label}`}</title>
            </path>
          );
        })}
      </svg>
      <Group gap="xs" justify="center" aria-hidden>
        <Text size="xs" c="dimmed">
          0
        </Text>
        {FILL.map((fill) => (
          <span
            key={fill}
            style={{
              width: 22,
              height: 10,
              borderRadius: 2,
              background: fill,
              display: 'inline-block',
            }}
          />
        ))}
        <Text size="xs" c="dimmed">
          {max} {label}
        </Text>
      </Group>
    </Stack>
  );
}
