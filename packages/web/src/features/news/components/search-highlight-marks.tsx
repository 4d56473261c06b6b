import { Highlight } from '@mantine/core';

export interface SearchHighlightProps {
  /** The words to mark (already split: `searchWords`). */
  words: string[];
  children: string;
}

/** A title with the searched words marked (Mantine's Highlight). */
export function SearchHighlightMarks({ words, children }: SearchHighlightProps) {
  return (
    <Highlight component="span" inherit highlight={words}>
      {children}
    </Highlight>
  );
}
