/** Mantine's checkbox as a chunk of its own (article-card-lazy.tsx). */
export { Checkbox } from '@mantine/core';
