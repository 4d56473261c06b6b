/** Mantine's tooltip as a chunk of its own (lazy-tooltip.tsx). */
export { Tooltip } from '@mantine/core';
