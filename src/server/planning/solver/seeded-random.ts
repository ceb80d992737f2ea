/**
 * The solver's only source of chance (same input and seed → same answer): mulberry32, a 32-bit
 * generator small enough to read at once and good enough to pick moves.
 */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
}

export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, below: (n) => Math.floor(next() * n) };
}
