import type { MantineSize } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SUGGESTION_QUERY_MAX } from '../api/suggestions';

/**
 * The props that make the suggestion field look and read the same whether it is the plain
 * stand-in of the first load or the loaded combobox, so the hand-over changes no markup.
 */
export function searchFieldLook(look: {
  label: string;
  hideLabel: boolean;
  description?: string | undefined;
  placeholder?: string | undefined;
  size: MantineSize;
}) {
  return {
    label: look.hideLabel ? undefined : look.label,
    'aria-label': look.hideLabel ? look.label : undefined,
    description: look.description,
    placeholder: look.placeholder,
    size: look.size,
    type: 'search',
    enterKeyHint: 'search',
    spellCheck: false,
    maxLength: SUGGESTION_QUERY_MAX,
    leftSection: <IconSearch size={16} aria-hidden="true" />,
  } as const;
}
