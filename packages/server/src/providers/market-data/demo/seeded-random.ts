/** Small, fast, seedable pseudo-random numbers: identical sequences on every run and platform. */

/** A uniform and a standard-normal source drawn from one seeded stream. */
export interface SeededRandom {
  /** Uniform number in [0, 1). */
  next(): number;
  /** Standard normal number (mean 0, variance 1), by the Box–Muller transform. */
  normal(): number;
}

/** 32-bit FNV-1a hash of the UTF-16 code units of a string. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's 32-bit finaliser: spreads a seed (plus a stream number) over all bits. */
export function mix32(seed: number, stream = 0): number {
  let h = (seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A mulberry32 generator with a Box–Muller normal (the spare value of each pair is kept). */
export function createRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  let spare = 0;
  let hasSpare = false;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const normal = (): number => {
    if (hasSpare) {
      hasSpare = false;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - next()));
    const angle = 2 * Math.PI * next();
    spare = radius * Math.sin(angle);
    hasSpare = true;
    return radius * Math.cos(angle);
  };
  return { next, normal };
}

/**
 * Counter-based draws for random access (e.g. "day n of a symbol") without a generator object:
 * fills `out` with standard normals (Box–Muller over uniforms hashed from seed and counter).
 */
export function normalsAt(seed: number, out: Float64Array): Float64Array {
  for (let k = 0; k < out.length; k += 2) {
    const u1 = (mix32(seed, k) + 0.5) / 4_294_967_296;
    const u2 = mix32(seed, k + 1) / 4_294_967_296;
    const radius = Math.sqrt(-2 * Math.log(u1));
    const angle = 2 * Math.PI * u2;
    out[k] = radius * Math.cos(angle);
    if (k + 1 < out.length) out[k + 1] = radius * Math.sin(angle);
  }
  return out;
}
