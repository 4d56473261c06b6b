import type { Painter, Rgb } from './raster.ts';

/** How one animation is drawn: `draw` paints the frame at phase t (0 ≤ t < 1) of the loop. */
export interface Scene {
  frames: number;
  /** Milliseconds per frame. */
  delay: number;
  draw(p: Painter, t: number): void;
}

export const WIDTH = 240;
export const HEIGHT = 135;

// A dark card of their own, so they read the same on light and dark pages.
export const BG: Rgb = [21, 30, 50];
export const GRID: Rgb = [35, 48, 76];
export const WHITE: Rgb = [238, 242, 250];
export const PAPER: Rgb = [226, 230, 238];
export const GREY: Rgb = [140, 152, 176];
export const GREEN: Rgb = [52, 211, 120];
export const RED: Rgb = [244, 80, 80];
export const DARK_RED: Rgb = [150, 32, 40];
export const GOLD: Rgb = [248, 196, 64];
export const GOLD_DARK: Rgb = [190, 132, 28];
export const BLUE: Rgb = [84, 156, 255];
export const ORANGE: Rgb = [255, 140, 40];
export const BROWN: Rgb = [150, 96, 56];
export const BROWN_DARK: Rgb = [100, 62, 36];

export const TAU = Math.PI * 2;

export function background(p: Painter, grid = false) {
  p.clear(BG);
  if (!grid) return;
  for (let x = 20; x < WIDTH; x += 40) p.rect(x, 0, 1, HEIGHT, GRID);
  for (let y = 15; y < HEIGHT; y += 30) p.rect(0, y, WIDTH, 1, GRID);
}
