import { Group, Text } from '@mantine/core';
import classes from './brand-logo.module.css';

export interface BrandLogoProps {
  /** Mark only, for the minimized sidebar. */
  compact?: boolean;
  /** Light text for dark or coloured backgrounds. */
  inverted?: boolean;
}

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={classes.mark}
    >
      <defs>
        <linearGradient id="brand-mark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4dabf7" />
          <stop offset="1" stopColor="#1c3d8f" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#brand-mark-gradient)" />
      <path
        d="M10 36h10l6-14 9 26 7-18 4 6h8"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BrandLogo({ compact = false, inverted = false }: BrandLogoProps) {
  return (
    <Group gap={10} wrap="nowrap" className={classes.logo} data-inverted={inverted || undefined}>
      <BrandMark />
      {!compact && (
        <Text component="span" className={classes.name}>
          Stock<span className={classes.accent}>Pulse</span>
        </Text>
      )}
    </Group>
  );
}
