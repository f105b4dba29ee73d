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

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Binary sizes as people read them: '500 MB', '1.5 GB', '0 B'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}
