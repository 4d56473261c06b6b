import { MantineProvider, TextInput } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlainSearchField } from './plain-search-field';
import { searchFieldLook } from './search-field-look';

/** The element tree of `html` with attributes sorted and ids named by order of appearance. */
function canonical(html: string): string {
  const container = document.createElement('div');
  container.innerHTML = html;
  container.querySelectorAll('style').forEach((style) => {
    style.remove();
  });
  const ids = new Map<string, string>();
  const idOf = (value: string) => {
    const base = /^(mantine-[^-]+)(.*)$/.exec(value);
    if (!base?.[1]) return value;
    if (!ids.has(base[1])) ids.set(base[1], `id${ids.size}`);
    return `${ids.get(base[1])}${base[2] ?? ''}`;
  };
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element)) return '';
    const attributes = [...node.attributes]
      .map(({ name, value }) =>
        ['id', 'for', 'aria-describedby', 'aria-labelledby'].includes(name)
          ? `${name}=${idOf(value)}`
          : `${name}=${value}`,
      )
      .sort();
    return `<${node.localName} ${attributes.join(' ')}>${[...node.childNodes].map(walk).join('')}</${node.localName}>`;
  };
  return [...container.childNodes].map(walk).join('');
}

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
    expect(canonical(plain)).toBe(canonical(mantine));
    // The comparison sees the parts that matter: a label, the icon, the input.
    expect(canonical(plain)).toContain('<input ');
    expect(canonical(plain)).toContain('tabler-icon-search');
    if (!look.hideLabel) expect(canonical(plain)).toContain(`>${look.label}</label>`);
  });
});
