/** SPEC §9: the listener reports one trigger at most once in this window. */
export const MIN_TIME_BETWEEN_DETECTIONS_MS = 3000;
