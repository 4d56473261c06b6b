import type { ScreenerField } from '@app/shared/api/screener';
import { Group, NumberInput, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

export interface RangeFilterProps {
  field: ScreenerField;
  label: string;
  /** The URL's bounds, in the API's units. */
  min: number | null;
  max: number | null;
  /** Shown units per API unit (1e-9 shows a market value in billions). */
  scale?: number;
  unit?: string;
  onChange: (min: number | null, max: number | null) => void;
}

const toShown = (value: number | null, scale: number) =>
  value === null ? '' : Number((value * scale).toPrecision(12));
const toApi = (value: string | number, scale: number) =>
  value === '' || typeof value === 'string' ? null : Number((value / scale).toPrecision(12));

/** Minimum and maximum of one figure; the URL changes a moment after typing stops. */
export function RangeFilter({
  field,
  label,
  min,
  max,
  scale = 1,
  unit,
  onChange,
}: RangeFilterProps) {
  const [low, setLow] = useState<string | number>(toShown(min, scale));
  const [high, setHigh] = useState<string | number>(toShown(max, scale));
  // A preset, a saved screen or the browser's back button changes the URL under the inputs:
  // the inputs follow it (React's "adjust state when a prop changes", during render).
  const [shown, setShown] = useState({ min, max });
  if (shown.min !== min || shown.max !== max) {
    setShown({ min, max });
    setLow(toShown(min, scale));
    setHigh(toShown(max, scale));
  }
  const commit = useDebouncedCallback(
    (nextLow: string | number, nextHigh: string | number) =>
      onChange(toApi(nextLow, scale), toApi(nextHigh, scale)),
    400,
  );
  const title = unit ? `${label} (${unit})` : label;
  return (
    <div role="group" aria-labelledby={`range-${field}`}>
      <Text id={`range-${field}`} size="sm" fw={500} mb={4}>
        {title}
      </Text>
      <Group gap="xs" grow wrap="nowrap">
        <NumberInput
          size="xs"
          aria-label={`${label} minimum`}
          placeholder="Min"
          value={low}
          onChange={(value) => {
            setLow(value);
            commit(value, high);
          }}
        />
        <NumberInput
          size="xs"
          aria-label={`${label} maximum`}
          placeholder="Max"
          value={high}
          onChange={(value) => {
            setHigh(value);
            commit(low, value);
          }}
        />
      </Group>
    </div>
  );
}
