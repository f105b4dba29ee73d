/** SPEC §9, device compatibility bands: >= 95 High, 85 up to 95 Medium, below 85 Low. */
export type CompatibilityBand = 'High' | 'Medium' | 'Low';
export function compatibilityBand(percent: number): CompatibilityBand {
  if (percent >= 95) return 'High';
  if (percent >= 85) return 'Medium';
  return 'Low';
}
