import { createHash } from 'node:crypto';

export interface Allocatable {
  id: number;
  trafficAllocation: number;
}

/**
 * A device's point in [0, 1) for a test: the same device and test always land on the same point,
 * and different tests split devices independently. The device key is the listener's own id
 * (docs/decisions/listener-protocol.md), hashed with the test id, so nothing is stored to stick.
 */
export function devicePoint(testId: number, deviceKey: string): number {
  const digest = createHash('sha256').update(`ab:${testId}:${deviceKey}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/**
 * The variant a device gets: its point walks the variants' allocations in id order. `eligible`
 * are the variants whose segments the device matches; their allocations are scaled to fill the
 * whole range, so a device outside one variant's segments is split among the others.
 */
export function pickVariant<T extends Allocatable>(
  testId: number,
  deviceKey: string,
  eligible: readonly T[],
): T | undefined {
  const total = eligible.reduce((sum, v) => sum + v.trafficAllocation, 0);
  if (total <= 0) return undefined;
  const target = devicePoint(testId, deviceKey) * total;
  let cumulative = 0;
  const ordered = [...eligible].sort((a, b) => a.id - b.id);
  for (const variant of ordered) {
    cumulative += variant.trafficAllocation;
    if (target < cumulative) return variant;
  }
  return ordered.at(-1);
}
