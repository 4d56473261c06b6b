/**
 * Draws the bundled news animations (`npm run animations`) into assets/animations/{id}.gif.
 * Deterministic: the same code writes the same bytes. `--preview DIR` also writes a PNG contact
 * sheet of each (six frames), because image viewers show PNGs but not GIF animations; `--only ID`
 * redraws one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import gifenc from 'gifenc';
import { ANIMATIONS } from '../src/modules/news/animations/catalogue.ts';
import { ANIMATIONS_DIR } from '../src/modules/news/animations/animation-files.ts';
import { encodePng } from './animations/png.ts';
import { createPainter } from './animations/raster.ts';
import { HEIGHT, SCENES, WIDTH, type Scene } from './animations/scenes.ts';

const { GIFEncoder, quantize, applyPalette } = gifenc;

/** Palette entries for the pictures; one more slot marks "unchanged since the last frame". */
const COLORS = 63;
const UNCHANGED = COLORS;

function renderFrames(scene: Scene): Uint8Array[] {
  return Array.from({ length: scene.frames }, (_, i) => {
    const painter = createPainter(WIDTH, HEIGHT);
    scene.draw(painter, i / scene.frames);
    return painter.rgba();
  });
}

function encodeGif(scene: Scene, frames: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(frames.length * WIDTH * HEIGHT * 4);
  frames.forEach((frame, i) => all.set(frame, i * frame.length));
  const palette = quantize(all, COLORS);
  while (palette.length < COLORS) palette.push([0, 0, 0]);
  palette.push([255, 0, 255]);
  const gif = GIFEncoder();
  let previous: Uint8Array | null = null;
  for (const frame of frames) {
    const index = applyPalette(frame, palette);
    if (!previous) {
      gif.writeFrame(index, WIDTH, HEIGHT, { palette, delay: scene.delay, repeat: 0 });
    } else {
      // Only the pixels that changed are stored; the rest show the frame below (disposal 1).
      const delta = index.map((value, i) => (value === previous?.[i] ? UNCHANGED : value));
      gif.writeFrame(delta, WIDTH, HEIGHT, {
        delay: scene.delay,
        transparent: true,
        transparentIndex: UNCHANGED,
        dispose: 1,
      });
    }
    previous = index;
  }
  gif.finish();
  return gif.bytes();
}

function contactSheet(frames: Uint8Array[]): Buffer {
  const columns = 3;
  const picks = [0, 1, 2, 3, 4, 5].map((i) => Math.floor((i * frames.length) / 6));
  const sheetWidth = WIDTH * columns;
  const sheetHeight = HEIGHT * 2;
  const sheet = new Uint8Array(sheetWidth * sheetHeight * 4);
  picks.forEach((pick, n) => {
    const frame = frames[pick] as Uint8Array;
    const ox = (n % columns) * WIDTH;
    const oy = Math.floor(n / columns) * HEIGHT;
    for (let y = 0; y < HEIGHT; y++) {
      sheet.set(
        frame.subarray(y * WIDTH * 4, (y + 1) * WIDTH * 4),
        ((oy + y) * sheetWidth + ox) * 4,
      );
    }
  });
  return encodePng(sheet, sheetWidth, sheetHeight);
}

const { values } = parseArgs({
  options: { preview: { type: 'string' }, only: { type: 'string' } },
});
mkdirSync(ANIMATIONS_DIR, { recursive: true });
if (values.preview) mkdirSync(values.preview, { recursive: true });

for (const animation of ANIMATIONS) {
  if (values.only && values.only !== animation.id) continue;
  const scene = SCENES[animation.id];
  const frames = renderFrames(scene);
  const bytes = encodeGif(scene, frames);
  writeFileSync(join(ANIMATIONS_DIR, `${animation.id}.gif`), bytes);
  if (values.preview) {
    writeFileSync(join(values.preview, `${animation.id}.png`), contactSheet(frames));
  }
  console.log(
    `${animation.id}.gif  ${String(frames.length)} frames  ${String(bytes.length)} bytes`,
  );
}
