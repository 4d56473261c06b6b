/** Topic animations about money: deals, central banks, dividends, listings, results. */
import { rectPoints, rotate, type Painter, type Point } from './raster.ts';
import {
  background,
  BLUE,
  GOLD,
  GOLD_DARK,
  GREEN,
  GREY,
  PAPER,
  TAU,
  WHITE,
  type Scene,
} from './scene.ts';

export const handshake: Scene = {
  frames: 24,
  delay: 80,
  draw(p, t) {
    background(p);
    const gap = 62 * (0.5 + 0.5 * Math.cos(t * TAU));
    p.circle(120 - gap, 66, 30, BLUE, 0.85);
    p.circle(120 + gap, 66, 30, GREEN, 0.85);
    if (gap < 8) {
      const glow = 1 - gap / 8;
      p.ring(120, 66, 38 + glow * 6, 3, GOLD, glow);
      p.rect(117, 56, 6, 20, WHITE, glow);
      p.rect(110, 63, 20, 6, WHITE, glow);
    }
  },
};

export const centralBank: Scene = {
  frames: 20,
  delay: 80,
  draw(p, t) {
    background(p);
    p.polygon(
      [
        [120, 36],
        [176, 60],
        [64, 60],
      ],
      PAPER,
    );
    p.rect(66, 60, 108, 6, PAPER);
    for (let i = 0; i < 5; i++) p.rect(72 + i * 20, 70, 10, 36, PAPER);
    p.rect(62, 106, 116, 6, PAPER);
    p.rect(56, 112, 128, 6, PAPER);
    const bob = Math.sin(t * TAU) * 4;
    const spin = Math.abs(Math.cos(t * TAU));
    p.ellipse(120, 22 + bob, 14 * spin + 1, 14, GOLD_DARK);
    p.ellipse(120, 22 + bob, 11 * spin, 11, GOLD);
    p.rect(120 - 1.5 * spin, 15 + bob, 3 * spin, 14, GOLD_DARK);
  },
};

function coin(p: Painter, x: number, y: number) {
  p.ellipse(x, y + 3, 22, 7, GOLD_DARK);
  p.ellipse(x, y, 22, 7, GOLD);
  p.ellipse(x, y, 14, 4, GOLD_DARK, 0.5);
}

export const coins: Scene = {
  frames: 20,
  delay: 70,
  draw(p, t) {
    background(p);
    for (let i = 0; i < 5; i++) coin(p, 100, 116 - i * 8);
    for (let i = 0; i < 3; i++) coin(p, 150, 116 - i * 8);
    // One coin falls onto each stack, half a loop apart; it lands as the loop wraps.
    for (const [x, phase, top] of [
      [100, 0, 116 - 5 * 8],
      [150, 0.5, 116 - 3 * 8],
    ] as const) {
      const f = (t + phase) % 1;
      const y = -10 + (top + 10) * f * f;
      coin(p, x, y);
    }
  },
};

export const bell: Scene = {
  frames: 16,
  delay: 70,
  draw(p, t) {
    background(p);
    const angle = Math.sin(t * TAU) * 0.45;
    const pivot: Point = [120, 24];
    const body: Point[] = [
      [104, 40],
      [100, 60],
      [94, 84],
      [84, 96],
      [156, 96],
      [146, 84],
      [140, 60],
      [136, 40],
      [128, 30],
      [112, 30],
    ];
    p.rect(116, 14, 8, 12, GREY);
    const clapper = Math.sin(t * TAU - 0.6) * 0.5;
    const [c] = rotate([[120, 102]], pivot[0], pivot[1], clapper);
    if (c) p.circle(c[0], c[1], 7, GOLD_DARK);
    p.polygon(rotate(body, pivot[0], pivot[1], angle), GOLD);
    p.polygon(rotate(rectPoints(86, 90, 68, 7), pivot[0], pivot[1], angle), GOLD_DARK);
    const loud = Math.abs(Math.sin(t * TAU));
    if (loud > 0.6) {
      const side = Math.sin(t * TAU) > 0 ? 1 : -1;
      for (const radius of [16, 28]) {
        p.polyline(arc(120 + side * 44, 70, radius, side), 3, WHITE, (loud - 0.6) / 0.4);
      }
    }
  },
};

/** Points of a 100° arc opening towards `side` (1 right, -1 left). */
function arc(cx: number, cy: number, radius: number, side: number): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= 10; i++) {
    const a = (-50 + i * 10) * (Math.PI / 180);
    points.push([cx + side * Math.cos(a) * radius, cy + Math.sin(a) * radius]);
  }
  return points;
}

export const earnings: Scene = {
  frames: 24,
  delay: 80,
  draw(p, t) {
    background(p, true);
    const heights = [34, 52, 44, 70, 86];
    heights.forEach((h, i) => p.rect(40 + i * 34, 118 - h, 22, h, i === 4 ? GREEN : BLUE));
    p.rect(30, 118, 180, 2, GREY);
    const x = 60 + (0.5 - 0.5 * Math.cos(t * TAU)) * 120;
    const y = 56 + Math.sin(t * TAU * 2) * 6;
    p.circle(x, y, 24, WHITE, 0.18);
    p.ring(x, y, 24, 6, WHITE);
    p.line(x + 18, y + 18, x + 38, y + 38, 9, GOLD);
  },
};
