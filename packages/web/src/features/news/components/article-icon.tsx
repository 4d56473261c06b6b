import { ThemeIcon } from '@mantine/core';
import { deferredComponent } from '../../../lib/deferred-component';

/** The `article_icon` names we draw (their glyphs: `ARTICLE_ICONS`, article-icon-glyphs.tsx). */
export const ARTICLE_ICON_NAMES = [
  'trending-up',
  'trending-down',
  'alert-triangle',
  'bar-chart',
  'calendar',
  'handshake',
  'clipboard-check',
  'gavel',
  'landmark',
  'banknote',
  'coins',
  'bell',
  'user-check',
  'activity',
  'layers',
  'globe',
  'message-square',
  'newspaper',
] as const;
export type ArticleIconName = (typeof ARTICLE_ICON_NAMES)[number];
const KNOWN_NAMES: ReadonlySet<string> = new Set(ARTICLE_ICON_NAMES);

/** Its box stays empty while the glyphs load (a card the browser draws itself) or if they cannot. */
function NoGlyph() {
  return null;
}

/**
 * The glyphs (18 Tabler icons, about 1 KB gzipped) are a deferred component: the server draws them
 * into the page, and a first load hydrates them once their chunk is in, after the first paint.
 */
const { Component: DeferredGlyph } = deferredComponent<{ name: string }>(
  () => import('./article-icon-glyphs').then((module) => module.ArticleIconGlyph),
  { fallback: NoGlyph, unavailable: NoGlyph },
);

/**
 * The article's icon as the analyst chose it, labelled with its classification. A name we do not
 * know (a model may answer any) draws nothing rather than a guess.
 */
export function ArticleIcon({ name, label }: { name: string; label: string }) {
  if (!KNOWN_NAMES.has(name)) return null;
  return (
    <ThemeIcon
      variant="light"
      color="gray"
      radius="md"
      size={28}
      role="img"
      aria-label={label}
      title={label}
      data-article-icon={name}
    >
      <DeferredGlyph name={name} />
    </ThemeIcon>
  );
}
