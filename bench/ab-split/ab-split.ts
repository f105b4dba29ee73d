import { pickVariant } from '../../apps/server/src/features/ab-tests/assign-variant.ts';

// How close the sticky device hash splits listeners to the allocation (docs/decisions/ab-tests.md).
// `npx tsx bench/ab-split/ab-split.ts [devices]`: prints the share each variant got.
const devices = Number(process.argv[2] ?? 100_000);
const splits = [
  [50, 50],
  [70, 30],
  [90, 10],
  [34, 33, 33],
];
console.log(`A/B split over ${devices.toLocaleString('en')} simulated device ids (test id 42)`);
console.log('| allocation | served | largest gap (points) |');
console.log('|---|---|---|');
for (const split of splits) {
  const variants = split.map((trafficAllocation, i) => ({ id: i + 1, trafficAllocation }));
  const counts = new Map<number, number>();
  for (let i = 0; i < devices; i++) {
    // Device ids as the listener makes them: random-looking, 8-64 characters.
    const id = pickVariant(42, `device:${i.toString(36)}-${(i * 7919).toString(16)}`, variants)?.id ?? 0;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const shares = variants.map((v) => ((counts.get(v.id) ?? 0) / devices) * 100);
  const gap = Math.max(...shares.map((s, i) => Math.abs(s - (split[i] ?? 0))));
  console.log(
    `| ${split.join(' / ')} | ${shares.map((s) => s.toFixed(2)).join(' / ')} % | ${gap.toFixed(2)} |`,
  );
}
