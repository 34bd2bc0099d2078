// A small deterministic random source for synthesised timestamps and gaps: the same seed always gives the same run.

/** Returns numbers in [0, 1) from a string seed (FNV-1a hash → mulberry32). Same seed, same sequence, on every runtime. */
export function createSeededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let index = 0; index < seed.length; index += 1) {
    state ^= seed.charCodeAt(index);
    state = Math.imul(state, 0x01000193) >>> 0;
  }
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number of milliseconds drawn uniformly from [min, max]. */
export function drawBetween(random: () => number, min: number, max: number): number {
  return Math.round(min + random() * (max - min));
}
