/**
 * Citation markers shared by the offline analyst and the model: `[n]` in the text is
 * `citations[n - 1]`. Both write markers against a larger list of sources and then keep only
 * the ones the text uses, renumbered in order of first use.
 */
import type { Citation } from './assistant-provider.ts';

/** `[3]`, and also the model's `[1, 4]` / `[2][5]` groups. */
const MARKER_GROUP = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/**
 * Rewrites markers (numbers into `sources`, 1-based) to their order of first use, across as many
 * calls as the text comes in; a marker naming no source is removed. `citations` grows with use.
 */
export function createCitationRenumbering(sources: readonly Citation[]) {
  const order = new Map<number, number>();
  const citations: Citation[] = [];
  const rewrite = (text: string): string =>
    text.replace(MARKER_GROUP, (_match, group: string) => {
      const numbers: number[] = [];
      for (const part of group.split(',')) {
        const source = Number(part.trim());
        const citation = sources[source - 1];
        if (!citation) continue;
        let number = order.get(source);
        if (number === undefined) {
          number = citations.push(citation);
          order.set(source, number);
        }
        if (!numbers.includes(number)) numbers.push(number);
      }
      return numbers.map((n) => `[${n}]`).join('');
    });
  return { rewrite, citations };
}

/**
 * Renumbers the markers of `text` in order of first use and returns the cited sources in that
 * order, so every marker left has its citation and every citation is used.
 */
export function renumberCitations(
  text: string,
  sources: readonly Citation[],
): { text: string; citations: Citation[] } {
  const { rewrite, citations } = createCitationRenumbering(sources);
  return { text: rewrite(text), citations };
}

/**
 * The same renumbering over a text that arrives in pieces: a piece that ends inside a marker is
 * held back until the marker is complete, so what is emitted is already final.
 */
export function createStreamingRenumbering(
  sources: readonly Citation[],
  emit: (piece: string) => void,
) {
  const { rewrite, citations } = createCitationRenumbering(sources);
  let held = '';
  let text = '';
  const out = (piece: string) => {
    if (!piece) return;
    text += piece;
    emit(piece);
  };
  return {
    citations,
    push(piece: string) {
      held += piece;
      const open = held.lastIndexOf('[');
      const pending = open >= 0 && !held.includes(']', open) && held.length - open <= 24;
      const ready = pending ? held.slice(0, open) : held;
      held = pending ? held.slice(open) : '';
      out(rewrite(ready));
    },
    /** Flushes what is held and returns the whole rewritten text. */
    end(): string {
      out(rewrite(held));
      held = '';
      return text;
    },
  };
}

/** The marker numbers of a text, in order of appearance (repeats kept). */
export function markerNumbers(text: string): number[] {
  return [...text.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1]));
}
