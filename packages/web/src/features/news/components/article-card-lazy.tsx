import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';
import { NewsLoader } from './news-list-states';

/**
 * The card's parts that a click opens (comments, share, report) and the debug block only a
 * debugging admin sees (with an admin's Hide box), each a chunk of its own loaded when first drawn: with the comments'
 * editor, the share links and the debug tools a feed's first load fetched code no card showed.
 */
const CommentsPanelChunk = lazy(async () => ({
  default: (await import('../../comments')).CommentsPanel,
}));
const ReportPanelChunk = lazy(async () => ({
  default: (await import('../../comments')).ReportPanel,
}));
const CardSharePanelChunk = lazy(async () => ({
  default: (await import('./card-share-panel')).CardSharePanel,
}));
const CheckboxChunk = lazy(async () => ({ default: (await import('./card-checkbox')).Checkbox }));
const ArticleDebugChunk = lazy(async () => ({
  default: (await import('./article-debug')).ArticleDebug,
}));

/** In the panel's place, under its id (the control's `aria-controls`), until its chunk is in. */
function PanelLoader({ id }: { id: string }) {
  return (
    <div id={id}>
      <NewsLoader label="Loading" />
    </div>
  );
}

export function CommentsPanel(props: ComponentProps<typeof CommentsPanelChunk>) {
  return (
    <Suspense fallback={<PanelLoader id={props.id} />}>
      <CommentsPanelChunk {...props} />
    </Suspense>
  );
}

export function ReportPanel(props: ComponentProps<typeof ReportPanelChunk>) {
  return (
    <Suspense fallback={<PanelLoader id={props.id} />}>
      <ReportPanelChunk {...props} />
    </Suspense>
  );
}

export function CardSharePanel(props: ComponentProps<typeof CardSharePanelChunk>) {
  return (
    <Suspense fallback={<PanelLoader id={props.id} />}>
      <CardSharePanelChunk {...props} />
    </Suspense>
  );
}

export function ArticleDebug(props: ComponentProps<typeof ArticleDebugChunk>) {
  return (
    <Suspense fallback={null}>
      <ArticleDebugChunk {...props} />
    </Suspense>
  );
}

/** An admin's box beside the card's actions: nothing in its place until it is in. */
export function AdminCheckbox(props: ComponentProps<typeof CheckboxChunk>) {
  return (
    <Suspense fallback={null}>
      <CheckboxChunk {...props} />
    </Suspense>
  );
}
