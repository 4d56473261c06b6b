import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import { OG_HEIGHT, OG_WIDTH } from './seo-head.ts';

/** What an Open Graph card shows: a kicker line, a headline, a sub-line and chips. */
export type OgCard = {
  kicker: string;
  headline: string;
  subline?: string;
  chips?: readonly string[];
  footer?: string;
};

const require = createRequire(import.meta.url);
/** Inter from @fontsource (woff: satori reads ttf, otf and woff, not woff2). */
const FONTS: Font[] = [
  { weight: 400, file: 'inter-latin-400-normal.woff' },
  { weight: 700, file: 'inter-latin-700-normal.woff' },
].map(({ weight, file }) => ({
  name: 'Inter',
  weight: weight as 400 | 700,
  style: 'normal' as const,
  data: readFileSync(require.resolve(`@fontsource/inter/files/${file}`)),
}));

type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const box = (style: Record<string, unknown>, children?: unknown): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** Cut `text` at a word so it fits `max` characters. */
function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const part = flat.slice(0, max - 1);
  const space = part.lastIndexOf(' ');
  return `${space > max / 2 ? part.slice(0, space) : part}…`;
}

const PAD_X = 72;
const PAD_Y = 64;

function cardTree(card: OgCard): Node {
  const headline = cut(card.headline, 120);
  const size = headline.length > 80 ? 54 : headline.length > 40 ? 64 : 76;
  return box(
    {
      // satori sizes the content box: the padding comes on top of width and height.
      width: OG_WIDTH - 2 * PAD_X,
      height: OG_HEIGHT - 2 * PAD_Y,
      flexDirection: 'column',
      justifyContent: 'space-between',
      paddingTop: PAD_Y,
      paddingBottom: PAD_Y,
      paddingLeft: PAD_X,
      paddingRight: PAD_X,
      color: '#f4f6fa',
      backgroundColor: '#0d1526',
      backgroundImage: 'linear-gradient(135deg, #0d1526 0%, #13294b 60%, #1b3f73 100%)',
      fontFamily: 'Inter',
    },
    [
      box({ alignItems: 'center', gap: 18 }, [
        box(
          {
            width: 52,
            height: 52,
            borderRadius: 14,
            backgroundColor: '#3b82f6',
            alignItems: 'center',
            justifyContent: 'center',
          },
          [box({ width: 26, height: 6, backgroundColor: '#f4f6fa', borderRadius: 3 })],
        ),
        box({ fontSize: 34, fontWeight: 700 }, 'StockPulse'),
        box({ fontSize: 28, color: '#9fb3d1', marginLeft: 12 }, cut(card.kicker, 60)),
      ]),
      box({ flexDirection: 'column', gap: 24 }, [
        box({ fontSize: size, fontWeight: 700, lineHeight: 1.15 }, headline),
        ...(card.subline
          ? [box({ fontSize: 30, color: '#c8d5ea', lineHeight: 1.35 }, cut(card.subline, 150))]
          : []),
      ]),
      box({ alignItems: 'center', justifyContent: 'space-between' }, [
        box(
          { gap: 12 },
          (card.chips ?? []).slice(0, 4).map((chip) =>
            box(
              {
                fontSize: 26,
                fontWeight: 700,
                padding: '8px 18px',
                borderRadius: 999,
                backgroundColor: 'rgba(59,130,246,0.28)',
                color: '#dbe7ff',
              },
              cut(chip, 24),
            ),
          ),
        ),
        box({ fontSize: 24, color: '#9fb3d1' }, card.footer ? cut(card.footer, 60) : ''),
      ]),
    ],
  );
}

/** Renders `card` as a 1200×630 PNG (satori lays it out as SVG, resvg rasterises it). */
export async function renderOgPng(card: OgCard): Promise<Buffer> {
  // satori takes React-like element objects; we build them without React.
  const svg = await satori(cardTree(card) as unknown as Parameters<typeof satori>[0], {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: FONTS,
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH } }).render().asPng();
}
