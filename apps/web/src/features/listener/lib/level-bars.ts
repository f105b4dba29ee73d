export const LISTENER_BAR_COUNT = 24;

/**
 * Folds analyser bins (0-255) into `bars` levels in [0, 1]. Band edges grow geometrically so the
 * bars spread over the voice and trigger range (a few hundred Hz to several kHz) instead of
 * crowding the lowest bins.
 */
export function levelBars(bins: ArrayLike<number>, bars: number = LISTENER_BAR_COUNT): number[] {
  const usable = Math.max(1, Math.floor(bins.length * 0.75));
  const levels: number[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const start = Math.floor(usable ** (bar / bars));
    const end = Math.max(start + 1, Math.floor(usable ** ((bar + 1) / bars)));
    let peak = 0;
    for (let i = start; i < end && i < bins.length; i++) peak = Math.max(peak, bins[i] ?? 0);
    levels.push(peak / 255);
  }
  return levels;
}
