import { escape } from 'html-escaper';
import { SITE } from './seo-pages.ts';

/** Everything the server writes into a page's <head> for crawlers and link previews. */
export type HeadMeta = {
  /** The page's own title; the document title becomes `{title} · StockPulse`. */
  title?: string;
  description: string;
  /** Absolute URL; none for pages that should not name one. */
  canonical?: string;
  type: 'website' | 'article';
  /** Absolute URL of a 1200×630 PNG. */
  image: string;
  imageAlt: string;
  /** ISO dates of an article. */
  published?: string;
  modified?: string;
  /** JSON-LD objects, each written as its own script block. */
  jsonLd: readonly object[];
};

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** Longest description written into the head (search engines show about 160 characters). */
const DESCRIPTION_MAX = 200;

/** A description: whitespace collapsed, cut at a word before `DESCRIPTION_MAX` characters. */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

export const documentTitle = (title: string | undefined) =>
  title ? `${title} · ${SITE.name}` : SITE.name;

/**
 * JSON inside a script element: `<`, `>`, `&` and the JavaScript line separators escaped, so no
 * value can close the element or start a comment.
 */
function jsonForScript(value: object): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The head tags of `meta`, every value HTML-escaped. Each tag carries `data-seo` so the web app
 * can tell the server's tags from its own and replace them when the visitor moves on.
 */
export function renderHead(meta: HeadMeta): string {
  const title = escape(documentTitle(meta.title));
  const description = escape(meta.description);
  const image = escape(meta.image);
  const named = (name: string, content: string) =>
    `<meta name="${name}" content="${content}" data-seo>`;
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${content}" data-seo>`;
  const tags = [
    `<title>${title}</title>`,
    named('description', description),
    ...(meta.canonical ? [`<link rel="canonical" href="${escape(meta.canonical)}" data-seo>`] : []),
    property('og:site_name', SITE.name),
    property('og:type', meta.type),
    property('og:title', title),
    property('og:description', description),
    ...(meta.canonical ? [property('og:url', escape(meta.canonical))] : []),
    property('og:image', image),
    property('og:image:width', String(OG_WIDTH)),
    property('og:image:height', String(OG_HEIGHT)),
    property('og:image:alt', escape(meta.imageAlt)),
    ...(meta.published ? [property('article:published_time', meta.published)] : []),
    ...(meta.modified ? [property('article:modified_time', meta.modified)] : []),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', title),
    named('twitter:description', description),
    named('twitter:image', image),
    ...meta.jsonLd.map(
      (data) => `<script type="application/ld+json" data-seo>${jsonForScript(data)}</script>`,
    ),
  ];
  return tags.join('\n    ');
}

/**
 * The built index.html cut around the place of the head tags: its own <title> and description
 * are taken out, and the server's tags go where the title was (else before </head>).
 */
export function splitIndexHtml(html: string): { before: string; after: string } {
  const rest = html.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const title = /<title>[\s\S]*?<\/title>/i.exec(rest);
  if (title) {
    return {
      before: rest.slice(0, title.index),
      after: rest.slice(title.index + title[0].length),
    };
  }
  const headEnd = rest.search(/<\/head>/i);
  if (headEnd >= 0) return { before: rest.slice(0, headEnd), after: rest.slice(headEnd) };
  // No head at all: the tags go right after the doctype (an implied head).
  const doctype = /^\s*<!doctype[^>]*>/i.exec(rest)?.[0] ?? '';
  return { before: doctype, after: rest.slice(doctype.length) };
}
