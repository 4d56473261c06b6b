/** Topic animations about events: alarms, courts, waiting, the economy, the news itself. */
import { ease, rectPoints, rotate, type Point } from './raster.ts';
import {
  background,
  BROWN,
  BROWN_DARK,
  DARK_RED,
  GOLD,
  GREY,
  PAPER,
  RED,
  TAU,
  WHITE,
  type Scene,
} from './scene.ts';

export const siren: Scene = {
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

export const gavel: Scene = {
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

export const hourglass: Scene = {
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

export const factory: Scene = {
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

export const newspaper: Scene = {
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
