/** SPEC §9: success rate and battery impact are shown to 1 decimal place. */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** A signed percentage change, e.g. '+12.5%' or '-3.0%'. */
export function formatChange(value: number): string {
  const sign = value > 0 ? '+' : value < 0 ? '-' : '';
  return `${sign}${Math.abs(value).toFixed(1)}%`;
}
