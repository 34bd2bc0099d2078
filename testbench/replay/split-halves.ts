// Splits a fixture into a tuning half and a held-out half by a hash of a stable key (a conversation id, a task id).

export type Half = 'tuning' | 'held-out';
export const HALVES: readonly Half[] = ['tuning', 'held-out'];

/** FNV-1a, 32 bits, over the UTF-16 code units of `text`. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The half a key belongs to: an even hash tunes, an odd one is held out. Pure: the same key, the same half, always. */
export function halfOf(key: string): Half {
  return hash(key) % 2 === 0 ? 'tuning' : 'held-out';
}

/** Both halves of `items`, each in the input order; every item lands in exactly one half. */
export function splitHalves<T>(items: readonly T[], keyOf: (item: T) => string): Readonly<Record<Half, readonly T[]>> {
  const halves: Record<Half, T[]> = { 'tuning': [], 'held-out': [] };
  for (const item of items) halves[halfOf(keyOf(item))].push(item);
  return halves;
}
