/**
 * A tiny deterministic rasteriser for the bundled animations: filled shapes anti-aliased by 4×4
 * supersampling into an RGB float buffer. Only arithmetic, so the same code gives the same bytes.
 */
export type Rgb = readonly [number, number, number];
export type Point = readonly [number, number];

const SAMPLES = 4;
const OFFSETS = Array.from({ length: SAMPLES }, (_, i) => (i + 0.5) / SAMPLES);

export interface Painter {
  readonly width: number;
  readonly height: number;
  clear(color: Rgb): void;
  rect(x: number, y: number, w: number, h: number, color: Rgb, alpha?: number): void;
  roundRect(
    x: number,
    y: number,
    w: number,
    h: number,
    r: number,
    color: Rgb,
    alpha?: number,
  ): void;
  circle(cx: number, cy: number, r: number, color: Rgb, alpha?: number): void;
  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, alpha?: number): void;
  ring(cx: number, cy: number, r: number, width: number, color: Rgb, alpha?: number): void;
  polygon(points: readonly Point[], color: Rgb, alpha?: number): void;
  polyline(points: readonly Point[], width: number, color: Rgb, alpha?: number): void;
  line(x1: number, y1: number, x2: number, y2: number, width: number, color: Rgb): void;
  /** The frame as 8-bit RGBA. */
  rgba(): Uint8Array;
}

function distanceToSegment(px: number, py: number, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t =
    length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / length2));
  return Math.hypot(px - (a[0] + t * dx), py - (a[1] + t * dy));
}

function insidePolygon(px: number, py: number, points: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] as Point;
    const [xj, yj] = points[j] as Point;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function createPainter(width: number, height: number): Painter {
  const pixels = new Float64Array(width * height * 3);

  /** Blends `color` over every pixel of the box by the share of its samples `inside` accepts. */
  const fill = (
    box: readonly [number, number, number, number],
    inside: (x: number, y: number) => boolean,
    color: Rgb,
    alpha: number,
  ) => {
    const x0 = Math.max(0, Math.floor(box[0]));
    const y0 = Math.max(0, Math.floor(box[1]));
    const x1 = Math.min(width - 1, Math.ceil(box[2]));
    const y1 = Math.min(height - 1, Math.ceil(box[3]));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        let hits = 0;
        for (const oy of OFFSETS) for (const ox of OFFSETS) if (inside(x + ox, y + oy)) hits++;
        if (hits === 0) continue;
        const a = (alpha * hits) / (SAMPLES * SAMPLES);
        const at = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) {
          const old = pixels[at + c] as number;
          pixels[at + c] = old + ((color[c] as number) - old) * a;
        }
      }
    }
  };

  const boxOf = (points: readonly Point[], pad: number) => {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    return [
      Math.min(...xs) - pad,
      Math.min(...ys) - pad,
      Math.max(...xs) + pad,
      Math.max(...ys) + pad,
    ] as const;
  };

  const polyline = (points: readonly Point[], w: number, color: Rgb, alpha = 1) => {
    const half = w / 2;
    fill(
      boxOf(points, half + 1),
      (x, y) => {
        for (let i = 1; i < points.length; i++) {
          if (distanceToSegment(x, y, points[i - 1] as Point, points[i] as Point) <= half) {
            return true;
          }
        }
        return false;
      },
      color,
      alpha,
    );
  };

  return {
    width,
    height,
    clear(color) {
      for (let i = 0; i < width * height; i++) {
        pixels[i * 3] = color[0];
        pixels[i * 3 + 1] = color[1];
        pixels[i * 3 + 2] = color[2];
      }
    },
    rect(x, y, w, h, color, alpha = 1) {
      fill(
        [x, y, x + w, y + h],
        (px, py) => px >= x && px < x + w && py >= y && py < y + h,
        color,
        alpha,
      );
    },
    roundRect(x, y, w, h, r, color, alpha = 1) {
      fill(
        [x, y, x + w, y + h],
        (px, py) => {
          const dx = Math.max(x + r - px, 0, px - (x + w - r));
          const dy = Math.max(y + r - py, 0, py - (y + h - r));
          return px >= x && px <= x + w && py >= y && py <= y + h && dx * dx + dy * dy <= r * r;
        },
        color,
        alpha,
      );
    },
    circle(cx, cy, r, color, alpha = 1) {
      fill(
        [cx - r, cy - r, cx + r, cy + r],
        (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r,
        color,
        alpha,
      );
    },
    ellipse(cx, cy, rx, ry, color, alpha = 1) {
      if (rx <= 0 || ry <= 0) return;
      fill(
        [cx - rx, cy - ry, cx + rx, cy + ry],
        (px, py) => ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 <= 1,
        color,
        alpha,
      );
    },
    ring(cx, cy, r, w, color, alpha = 1) {
      const outer = r + w / 2;
      const inner = r - w / 2;
      fill(
        [cx - outer, cy - outer, cx + outer, cy + outer],
        (px, py) => {
          const d2 = (px - cx) ** 2 + (py - cy) ** 2;
          return d2 <= outer * outer && d2 >= inner * inner;
        },
        color,
        alpha,
      );
    },
    polygon(points, color, alpha = 1) {
      fill(boxOf(points, 1), (px, py) => insidePolygon(px, py, points), color, alpha);
    },
    polyline,
    line(x1, y1, x2, y2, w, color) {
      polyline(
        [
          [x1, y1],
          [x2, y2],
        ],
        w,
        color,
      );
    },
    rgba() {
      const out = new Uint8Array(width * height * 4);
      for (let i = 0; i < width * height; i++) {
        for (let c = 0; c < 3; c++) {
          out[i * 4 + c] = Math.max(0, Math.min(255, Math.round(pixels[i * 3 + c] as number)));
        }
        out[i * 4 + 3] = 255;
      }
      return out;
    },
  };
}

/** Rotates points around a centre (radians, clockwise on screen). */
export function rotate(points: readonly Point[], cx: number, cy: number, angle: number): Point[] {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return points.map(([x, y]) => [
    cx + (x - cx) * cos - (y - cy) * sin,
    cy + (x - cx) * sin + (y - cy) * cos,
  ]);
}

/** A rectangle as four points (to rotate it). */
export function rectPoints(x: number, y: number, w: number, h: number): Point[] {
  return [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ];
}

/** Smooth 0→1 (ease in and out). */
export function ease(t: number): number {
  const c = Math.max(0, Math.min(1, t));
  return c * c * (3 - 2 * c);
}
