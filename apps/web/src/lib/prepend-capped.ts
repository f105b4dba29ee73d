/** SPEC §9: a detection list holds at most this many entries. */
export const DETECTION_LIST_MAX = 10;

/** Newest first, capped (SPEC §9: detection lists hold 10; the phone preview passes 3). */
export function prependCapped<T>(list: readonly T[], item: T, max: number = DETECTION_LIST_MAX): T[] {
  return [item, ...list].slice(0, max);
}
