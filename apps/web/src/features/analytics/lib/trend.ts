/** SPEC §9, trend colouring: battery impact is good when it falls; every other trend is good when it rises. */
export function isTrendGood(metric: string, change: number): boolean {
  return metric === 'batteryImpact' ? change < 0 : change > 0;
}
