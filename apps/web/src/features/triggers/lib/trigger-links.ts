/** The Analytics screen filtered to one trigger's activations (its `trigger` query parameter). */
export function triggerActivationsPath(triggerId: number): string {
  return `/admin/analytics?trigger=${triggerId}`;
}
