import type { AbTest } from '@tonemark/shared';

/** How a test splits its listeners, as its card says it: "2 variants (60 % / 40 %)". */
export function variantSplit(variants: AbTest['variants']): string {
  const shares = variants.map((v) => `${v.trafficAllocation} %`).join(' / ');
  return `${variants.length} variants (${shares})`;
}
