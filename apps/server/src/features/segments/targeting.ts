/** `audience_targeting` as the segments screen writes it: `{ segmentIds: [...] }`. */
export function targetedSegmentIds(value: unknown): number[] {
  if (!value || typeof value !== 'object' || !('segmentIds' in value)) return [];
  const ids = (value as { segmentIds: unknown }).segmentIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
}
