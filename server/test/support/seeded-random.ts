/**
 * mulberry32: a small seeded generator, so a differential test draws the same queries on every run and a
 * failure names a query that can be replayed.
 */
export function seededRandom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
