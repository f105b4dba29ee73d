/**
 * Which pending candidates a decision holds back: those still waiting (for rivals of their own,
 * `waits`), and every candidate claiming the same sound as a different-sounding one held, taken
 * to closure. A candidate claiming the sound of one still waiting is decided with it (alone it
 * would fire first and claim the sound: D33 fired while T10 waited, mp3-128k N = 3,000, 573.1 s),
 * and a candidate held that way holds in turn those claiming its sound. Without the closure the
 * outcome hung on the order of the means: clean N = 300 (held-out, 412.2 s), T21 was held for a
 * later reading of D145 (its decision still to come), while an earlier reading of the same D145,
 * due at that hop and sharing T21's three tones, found no waiting candidate of another sound
 * (T21 was due too, only held) and fired, claiming T21's sound.
 *
 * Readings of one sound pattern (the same `signature`) do not hold each other: they are one
 * occurrence, decided by their timing when due together.
 */
export function heldCandidates<C extends { plan: { signature: string } }>(
  candidates: readonly C[],
  waits: (c: C) => boolean,
  sameSound: (a: C, b: C) => boolean,
): Set<C> {
  const held = new Set(candidates.filter(waits));
  if (held.size === 0) return held;
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of candidates) {
      if (held.has(c)) continue;
      for (const x of held) {
        if (x.plan.signature !== c.plan.signature && sameSound(x, c)) {
          held.add(c);
          grew = true;
          break;
        }
      }
    }
  }
  return held;
}
