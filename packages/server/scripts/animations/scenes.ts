import type { AnimationId } from '../../src/modules/news/animations/catalogue.ts';
import { ease, rectPoints, rotate, type Painter, type Point, type Rgb } from './raster.ts';

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
const BG: Rgb = [21, 30, 50];
const GRID: Rgb = [35, 48, 76];
const WHITE: Rgb = [238, 242, 250];
const PAPER: Rgb = [226, 230, 238];
const GREY: Rgb = [140, 152, 176];
const GREEN: Rgb = [52, 211, 120];
const RED: Rgb = [244, 80, 80];
const DARK_RED: Rgb = [150, 32, 40];
const GOLD: Rgb = [248, 196, 64];
const GOLD_DARK: Rgb = [190, 132, 28];
const BLUE: Rgb = [84, 156, 255];
const ORANGE: Rgb = [255, 140, 40];
const BROWN: Rgb = [150, 96, 56];
const BROWN_DARK: Rgb = [100, 62, 36];

const TAU = Math.PI * 2;

function background(p: Painter, grid = false) {
  p.clear(BG);
  if (!grid) return;
  for (let x = 20; x < WIDTH; x += 40) p.rect(x, 0, 1, HEIGHT, GRID);
  for (let y = 15; y < HEIGHT; y += 30) p.rect(0, y, WIDTH, 1, GRID);
}

/** A fixed zig-zag series from `from` to `to` (y values), 13 points across the card. */
function series(from: number, to: number): Point[] {
  const wiggle = [0, -9, 6, -4, 10, -7, 3, -10, 5, -3, 8, -5, 0];
  return wiggle.map((w, i) => [14 + i * 17.5, from + ((to - from) * i) / 12 + w]);
}

/** Draws the first `share` of a polyline (0..1 of its length). */
function partial(points: readonly Point[], share: number): Point[] {
  const cut = share * (points.length - 1);
  const whole = Math.floor(cut);
  const out = points.slice(0, whole + 1);
  const a = points[whole];
  const b = points[whole + 1];
  if (a && b) {
    const f = cut - whole;
    out.push([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f]);
  }
  return out;
}

function chart(color: Rgb, from: number, to: number): Scene {
  const points = series(from, to);
  return {
    frames: 24,
    delay: 90,
    draw(p, t) {
      background(p, true);
      const line = partial(points, ease(t / 0.75));
      const last = line[line.length - 1] as Point;
      const first = line[0] as Point;
      p.polygon([...line, [last[0], HEIGHT - 8], [first[0], HEIGHT - 8]], color, 0.18);
      p.polyline(line, 4, color);
      p.circle(last[0], last[1], 5 + (t > 0.75 ? Math.sin((t - 0.75) * TAU * 4) * 1.5 : 0), WHITE);
      p.circle(last[0], last[1], 3, color);
    },
  };
}

const siren: Scene = {
  frames: 16,
  delay: 70,
  draw(p, t) {
    p.clear([28, 18, 30]);
    const cx = 120;
    const cy = 74;
    const angle = t * TAU;
    for (const offset of [0, Math.PI]) {
      const a = angle + offset;
      const beam: Point[] = [
        [cx, cy],
        [cx + Math.cos(a - 0.28) * 200, cy + Math.sin(a - 0.28) * 200],
        [cx + Math.cos(a + 0.28) * 200, cy + Math.sin(a + 0.28) * 200],
      ];
      p.polygon(beam, RED, 0.35);
    }
    const bright = Math.cos(angle * 2) > 0;
    const dome = bright ? RED : DARK_RED;
    p.rect(cx - 2, 32, 4, 8, GOLD, bright ? 1 : 0.4);
    const top: Point[] = [];
    for (let i = 0; i <= 24; i++) {
      const a = Math.PI + (i / 24) * Math.PI;
      top.push([cx + Math.cos(a) * 30, 96 + Math.sin(a) * 50]);
    }
    p.polygon(top, dome);
    p.ellipse(cx - 12, 70, 5, 13, WHITE, bright ? 0.8 : 0.35);
    p.roundRect(82, 90, 76, 12, 3, [90, 100, 120]);
    p.roundRect(72, 100, 96, 20, 4, GREY);
  },
};

const handshake: Scene = {
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

const gavel: Scene = {
  frames: 16,
  delay: 70,
  draw(p, t) {
    background(p);
    p.roundRect(70, 104, 80, 14, 3, BROWN_DARK);
    p.roundRect(78, 98, 64, 8, 2, BROWN);
    // Raised at t=0, strikes at t=0.5, rises again.
    const swing = t < 0.5 ? ease(t / 0.5) : 1 - ease((t - 0.5) / 0.5);
    const angle = 0.9 - swing * 0.9;
    const pivot: Point = [190, 92];
    const handle = rotate(rectPoints(112, 86, 80, 8), pivot[0], pivot[1], angle);
    const head = rotate(rectPoints(92, 64, 26, 34), pivot[0], pivot[1], angle);
    const band = rotate(rectPoints(92, 78, 26, 6), pivot[0], pivot[1], angle);
    p.polygon(handle, BROWN);
    p.polygon(head, BROWN);
    p.polygon(band, GOLD);
    if (swing > 0.85) {
      const strength = (swing - 0.85) / 0.15;
      for (const [dx, dy] of [
        [-34, -6],
        [-28, -22],
        [34, -6],
      ] as const) {
        p.line(110 + dx * 0.6, 96 + dy * 0.6, 110 + dx, 96 + dy, 3, GOLD);
      }
      p.ring(110, 98, 20 + strength * 14, 2, WHITE, 0.6 * (1 - strength));
    }
  },
};

const centralBank: Scene = {
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

const coins: Scene = {
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

const bell: Scene = {
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

const earnings: Scene = {
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

const hourglass: Scene = {
  frames: 24,
  delay: 90,
  draw(p, t) {
    background(p);
    // Sand runs for 80 % of the loop, then the glass turns over.
    const run = Math.min(1, t / 0.8);
    const turn = t > 0.8 ? ease((t - 0.8) / 0.2) * Math.PI : 0;
    const cx = 120;
    const cy = 68;
    const r = (pts: Point[]) => rotate(pts, cx, cy, turn);
    const topSand = 1 - run;
    // Upper bulb: sand shrinking towards the neck; lower bulb: pile growing from the bottom.
    if (topSand > 0) {
      const h = 34 * Math.sqrt(topSand);
      const w = (h / 34) * 30;
      p.polygon(
        r([
          [cx - w, cy - h],
          [cx + w, cy - h],
          [cx, cy - 2],
        ]),
        GOLD,
      );
    }
    const pile = 34 * Math.sqrt(run);
    if (pile > 0) {
      const top = cy + 40 - pile;
      p.polygon(
        r([
          [cx - 30, cy + 40],
          [cx + 30, cy + 40],
          [cx + 30 * (1 - pile / 40), top],
          [cx - 30 * (1 - pile / 40), top],
        ]),
        GOLD,
      );
    }
    if (run < 1 && turn === 0) p.rect(cx - 1.5, cy - 2, 3, 42 - pile, GOLD);
    p.polyline(
      r([
        [cx - 34, cy - 44],
        [cx - 34, cy - 36],
        [cx - 3, cy - 2],
        [cx - 3, cy + 2],
        [cx - 34, cy + 36],
        [cx - 34, cy + 44],
      ]),
      3,
      WHITE,
    );
    p.polyline(
      r([
        [cx + 34, cy - 44],
        [cx + 34, cy - 36],
        [cx + 3, cy - 2],
        [cx + 3, cy + 2],
        [cx + 34, cy + 36],
        [cx + 34, cy + 44],
      ]),
      3,
      WHITE,
    );
    p.polygon(r(rectPoints(cx - 44, cy - 50, 88, 7)), BROWN);
    p.polygon(r(rectPoints(cx - 44, cy + 43, 88, 7)), BROWN);
  },
};

const factory: Scene = {
  frames: 24,
  delay: 90,
  draw(p, t) {
    background(p);
    for (let i = 0; i < 4; i++) {
      const f = (t + i / 4) % 1;
      p.circle(170 + f * 24, 48 - f * 36, 5 + f * 11, GREY, 0.75 * (1 - f));
    }
    p.rect(162, 52, 16, 36, [110, 120, 140]);
    p.polygon(
      [
        [40, 120],
        [40, 70],
        [75, 52],
        [75, 70],
        [110, 52],
        [110, 70],
        [145, 52],
        [145, 70],
        [200, 70],
        [200, 120],
      ],
      [90, 102, 126],
    );
    for (let i = 0; i < 4; i++) {
      const lit = Math.sin(t * TAU + i * 1.7) > -0.2;
      p.rect(52 + i * 36, 84, 18, 14, lit ? GOLD : [60, 70, 92]);
    }
    p.rect(30, 120, 180, 3, GREY);
  },
};

const newspaper: Scene = {
  frames: 24,
  delay: 80,
  draw(p, t) {
    background(p);
    const grow = t < 0.45 ? ease(t / 0.45) : t > 0.9 ? 1 - ease((t - 0.9) / 0.1) : 1;
    const angle = (1 - grow) * TAU * 1.5;
    const s = Math.max(0.02, grow);
    const cx = 120;
    const cy = 68;
    const place = (x: number, y: number, w: number, h: number) =>
      rotate(rectPoints(cx + (x - cx) * s, cy + (y - cy) * s, w * s, h * s), cx, cy, angle);
    p.polygon(place(66, 22, 108, 94), PAPER);
    p.polygon(place(74, 30, 92, 12), [40, 44, 60]);
    p.polygon(place(74, 48, 40, 30), GREY);
    for (let i = 0; i < 4; i++) p.polygon(place(120, 48 + i * 8, 46, 3), [120, 128, 146]);
    for (let i = 0; i < 4; i++) p.polygon(place(74, 84 + i * 8, 92, 3), [120, 128, 146]);
  },
};

const rocket: Scene = {
  frames: 16,
  delay: 60,
  draw(p, t) {
    background(p);
    for (let i = 0; i < 14; i++) {
      const x = (i * 53 + 17) % WIDTH;
      const y = ((i * 37 + 11 + t * HEIGHT * 2) % (HEIGHT + 20)) - 10;
      p.rect(x, y, 2, 6 + (i % 3) * 3, WHITE, 0.5);
    }
    const shake = Math.sin(t * TAU * 4) * 1.5;
    const cx = 120 + shake;
    const flame = 18 + Math.abs(Math.sin(t * TAU * 3)) * 14;
    p.polygon(
      [
        [cx - 10, 96],
        [cx + 10, 96],
        [cx, 96 + flame + 8],
      ],
      ORANGE,
    );
    p.polygon(
      [
        [cx - 5, 96],
        [cx + 5, 96],
        [cx, 96 + flame * 0.6],
      ],
      GOLD,
    );
    p.polygon(
      [
        [cx - 14, 74],
        [cx - 26, 98],
        [cx - 12, 94],
      ],
      RED,
    );
    p.polygon(
      [
        [cx + 14, 74],
        [cx + 26, 98],
        [cx + 12, 94],
      ],
      RED,
    );
    p.roundRect(cx - 14, 40, 28, 58, 6, WHITE);
    p.polygon(
      [
        [cx - 14, 44],
        [cx, 14],
        [cx + 14, 44],
      ],
      RED,
    );
    p.circle(cx, 60, 7, BLUE);
    p.ring(cx, 60, 7, 2, GREY);
  },
};

const flat: Scene = {
  frames: 24,
  delay: 90,
  draw(p, t) {
    background(p, true);
    const points: Point[] = [];
    for (let x = 10; x <= 230; x += 5) {
      points.push([x, 68 + Math.sin((x / 220) * TAU * 2 - t * TAU) * 6]);
    }
    p.polyline(points, 4, GREY);
    const head = points[points.length - 1] as Point;
    p.circle(head[0], head[1], 5, WHITE);
  },
};

export const SCENES: Record<AnimationId, Scene> = {
  siren,
  handshake,
  gavel,
  'central-bank': centralBank,
  coins,
  bell,
  earnings,
  hourglass,
  factory,
  newspaper,
  rocket,
  'chart-up': chart(GREEN, 112, 30),
  'chart-down': chart(RED, 30, 112),
  flat,
};
