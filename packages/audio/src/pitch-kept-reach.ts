/**
 * How far the pitch-kept reading looks around each grid tone, shared by the reading
 * (pitch-kept-score.ts), its spread test and the off-grid rule (pitch-kept-off-grid.ts), which
 * pitch-kept-score.ts imports: kept here so neither holds a copy of the other's figures.
 */

/**
 * How far (Hz) a time stretcher that keeps the pitch may move one slot's tone off its grid
 * frequency. WSOLA (ffmpeg `atempo`, most players) splices the mixed programme where the
 * programme correlates, not where the tone does, so each slot's tone comes out shifted by a few Hz,
 * differently per slot (measured on the tuning split at tempo 0.8 and 1.25: within +-4.5 Hz; a
 * phase vocoder keeps it within about 1 Hz). docs/decisions/audio-tempo-pitch-kept.md.
 */
export const STRETCH_SLOT_HZ = 5;
/** Offsets tried per slot around the grid tone, in bins (the slot read is two straddling bins, so half a bin suffices). */
export const OFFSET_STEP_BINS = 0.5;
