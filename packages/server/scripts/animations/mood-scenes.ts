/** Mood animations: which way an article points (chart up or down, rocket, calm line). */
import { ease, type Point, type Rgb } from './raster.ts';
import {
  background,
  BLUE,
  GOLD,
  GREY,
  HEIGHT,
  ORANGE,
  RED,
  TAU,
  WHITE,
  WIDTH,
  type Scene,
} from './scene.ts';

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

export function chart(color: Rgb, from: number, to: number): Scene {
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

export const rocket: Scene = {
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

export const flat: Scene = {
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
