/*
 * Markup comparison for components that write a library component's markup themselves
 * (plain-search-field.tsx, plain-alert.tsx): the trees must be equal, whatever the order of
 * attributes and the ids React draws.
 */

/** The element tree of `html` with attributes sorted and ids named by order of appearance. */
export function canonicalMarkup(html: string): string {
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
