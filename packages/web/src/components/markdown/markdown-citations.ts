import type { Parent, Root, RootContent, Text } from 'mdast';

const MARKER = /\[(\d+)\]/g;

/** hast property that marks a citation produced by {@link remarkCitations} (raw HTML is skipped, so the text cannot forge one). */
export const CITATION_PROPERTY = 'dataCitation';

function splitText(node: Text): RootContent[] {
  const parts: RootContent[] = [];
  let last = 0;
  for (const match of node.value.matchAll(MARKER)) {
    if (match.index > last)
      parts.push({ type: 'text', value: node.value.slice(last, match.index) });
    parts.push({
      type: 'text',
      value: match[0],
      data: { hName: 'sup', hProperties: { [CITATION_PROPERTY]: match[1] } },
    });
    last = match.index + match[0].length;
  }
  if (last === 0) return [node];
  if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) });
  return parts;
}

function visit(parent: Parent): void {
  parent.children = parent.children.flatMap((child) => {
    if (child.type === 'text') return splitText(child);
    // A marker inside a link is part of the link text; code is shown as written.
    if (child.type === 'link' || child.type === 'linkReference') return [child];
    if ('children' in child) visit(child);
    return [child];
  });
}

/** remark plugin: `[n]` markers in text become `<sup data-citation="n">` elements. */
export function remarkCitations() {
  return (tree: Root) => {
    visit(tree);
  };
}
