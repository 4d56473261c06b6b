import { describe, expect, it } from 'vitest';
import { createRandom, fnv1a32, mix32, normalsAt } from './seeded-random.ts';

describe('fnv1a32', () => {
  it('matches the reference FNV-1a vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
});

describe('mix32', () => {
  it('gives different unsigned 32-bit seeds per stream', () => {
    const seeds = new Set([0, 1, 2, 3].map((stream) => mix32(12345, stream)));
    expect(seeds.size).toBe(4);
    for (const seed of seeds) expect(seed >>> 0).toBe(seed);
  });
});

describe('createRandom', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 20 }, () => [random.next(), random.normal()]);
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('draws uniforms in [0, 1) and standard normals', () => {
    const random = createRandom(7);
    const n = 100_000;
    let uniformSum = 0;
    let uniformMin = 1;
    let uniformMax = 0;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < n; i++) {
      const u = random.next();
      uniformMin = Math.min(uniformMin, u);
      uniformMax = Math.max(uniformMax, u);
      uniformSum += u;
      const z = random.normal();
      sum += z;
      squares += z * z;
    }
    expect(uniformMin).toBeGreaterThanOrEqual(0);
    expect(uniformMax).toBeLessThan(1);
    expect(uniformSum / n).toBeCloseTo(0.5, 2);
    expect(sum / n).toBeCloseTo(0, 1);
    expect(squares / n).toBeCloseTo(1, 1);
  });
});

describe('normalsAt', () => {
  it('draws the same standard normals for the same seed, independently per seed', () => {
    expect(normalsAt(99, new Float64Array(5))).toEqual(normalsAt(99, new Float64Array(5)));
    expect(normalsAt(99, new Float64Array(4))).not.toEqual(normalsAt(100, new Float64Array(4)));
    let sum = 0;
    let squares = 0;
    const out = new Float64Array(2);
    const n = 50_000;
    for (let seed = 0; seed < n; seed++) {
      normalsAt(mix32(seed, 9), out);
      for (const z of out) {
        sum += z;
        squares += z * z;
      }
    }
    expect(sum / (2 * n)).toBeCloseTo(0, 1);
    expect(squares / (2 * n)).toBeCloseTo(1, 1);
  });
});
