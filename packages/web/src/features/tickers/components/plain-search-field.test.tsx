import { MantineProvider, TextInput } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlainSearchField } from './plain-search-field';
import { searchFieldLook } from './search-field-look';
import { canonicalMarkup } from '../../../../test/markup';

const LOOKS: {
  name: string;
  look: Parameters<typeof searchFieldLook>[0];
}[] = [
  {
    name: "the bars' field (label for screen readers only)",
    look: {
      label: 'Search companies',
      hideLabel: true,
      placeholder: 'Search ticker or company',
      size: 'sm',
    },
  },
  {
    name: "the search page's field (a visible label)",
    look: {
      label: 'Company name or ticker',
      hideLabel: false,
      placeholder: 'e.g. Apple or NASDAQ:AAPL',
      size: 'md',
    },
  },
  {
    name: "the stock register's picker (a label and a description)",
    look: {
      label: 'Ticker or company',
      hideLabel: false,
      description: 'For example AAPL, NASDAQ:MSFT or Tesla.',
      placeholder: 'Ticker or company name',
      size: 'md' satisfies MantineSize,
    },
  },
];

describe("the suggestion field's plain stand-in", () => {
  it.each(LOOKS)("draws Mantine TextInput's markup: $name", ({ look }) => {
    const field = {
      value: 'aapl',
      role: 'combobox',
      'aria-haspopup': 'listbox',
      'aria-expanded': false,
      autoComplete: 'off',
      onChange: () => undefined,
    } as const;
    const mantine = renderToString(
      <MantineProvider>
        <TextInput {...searchFieldLook(look)} {...field} />
      </MantineProvider>,
    );
    const plain = renderToString(
      <MantineProvider>
        <PlainSearchField {...searchFieldLook(look)} {...field} />
      </MantineProvider>,
    );
    expect(canonicalMarkup(plain)).toBe(canonicalMarkup(mantine));
    // The comparison sees the parts that matter: a label, the icon, the input.
    expect(canonicalMarkup(plain)).toContain('<input ');
    expect(canonicalMarkup(plain)).toContain('tabler-icon-search');
    if (!look.hideLabel) expect(canonicalMarkup(plain)).toContain(`>${look.label}</label>`);
  });
});
