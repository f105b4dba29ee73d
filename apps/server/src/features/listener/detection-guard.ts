import type { DeviceType, RefusalReason } from '@tonemark/shared';

/**
 * SPEC §9: the listener's detector waits 2 s between two detections of one trigger, the
 * background service 3 s. The server holds the same line, on the device's detection times.
 */
export const SAME_TRIGGER_GAP_MS = 2000;
export const BACKGROUND_GAP_MS = 3000;

export function gapFor(deviceType: DeviceType): number {
  return deviceType === 'Native App' ? BACKGROUND_GAP_MS : SAME_TRIGGER_GAP_MS;
}

export interface GuardLimits {
  /** Detections one device may send a minute (a listener detects at most one trigger a second). */
  devicePerMinute: number;
  /** Distinct triggers one device may detect an hour: more is someone walking the catalogue. */
  distinctTriggersPerDeviceHour: number;
  /** New device ids one network address may bring a minute (a café's NAT is far below it). */
  newDevicesPerIpMinute: number;
  /** Bad detections (unknown trigger, stale) an address may send a minute before it is blocked. */
  badPerIpMinute: number;
  /** How long a blocked address stays blocked. */
  ipBlockMs: number;
  /** Oldest detection accepted (an offline queue delivers late) and most clock skew ahead. */
  maxAgeMs: number;
  maxAheadMs: number;
}

export const DEFAULT_GUARD_LIMITS: GuardLimits = {
  devicePerMinute: 120,
  distinctTriggersPerDeviceHour: 60,
  newDevicesPerIpMinute: 1200,
  badPerIpMinute: 600,
  ipBlockMs: 5 * 60_000,
  maxAgeMs: 7 * 24 * 3600_000,
  maxAheadMs: 5 * 60_000,
};

export interface GuardInput {
  activationId: string;
  deviceKey: string;
  ip: string;
  triggerId: number;
  deviceType: DeviceType;
  detectedAt: number;
  /** Signed-in devices (the simulator) get their own, larger per-minute budget. */
  perMinute?: number;
}

export interface Refusal {
  reason: RefusalReason;
  message: string;
  retryAfterMs?: number;
}

interface Window {
  start: number;
  count: number;
}

interface DeviceState {
  minute: Window;
  hourStart: number;
  triggersThisHour: Set<number>;
  /** Accepted detections per trigger: detection times and their activation ids (newest last). */
  recent: Map<number, { at: number; activationId: string }[]>;
  lastSeen: number;
}

const RECENT_PER_TRIGGER = 8;
const MINUTE = 60_000;
const HOUR = 3600_000;

/**
 * The limits on anonymous detections, by device and by abuse signal rather than by address alone:
 * a thousand listeners behind one stadium's NAT are a thousand devices, each within its budget.
 * In memory, like the rest of one instance's short-lived state (docs/decisions/listener-protocol.md).
 */
export class DetectionGuard {
  private readonly devices = new Map<string, DeviceState>();
  private readonly ips = new Map<string, { newDevices: Window; bad: Window; blockedUntil: number }>();
  private lastPrune = 0;

  constructor(
    private readonly limits: GuardLimits = DEFAULT_GUARD_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks a detection before it is stored; on success its slot is held (release() undoes it). */
  admit(input: GuardInput): Refusal | undefined {
    const now = this.now();
    this.prune(now);
    if (input.detectedAt < now - this.limits.maxAgeMs || input.detectedAt > now + this.limits.maxAheadMs) {
      this.noteBad(input.ip);
      return { reason: 'stale', message: 'The detection time is too far in the past or the future.' };
    }
    const ip = this.ipState(input.ip, now);
    if (ip.blockedUntil > now)
      return {
        reason: 'abuse',
        message: 'Too many invalid detections from this network; try again later.',
        retryAfterMs: ip.blockedUntil - now,
      };

    let device = this.devices.get(input.deviceKey);
    if (!device) {
      if (!roll(ip.newDevices, now, MINUTE, this.limits.newDevicesPerIpMinute))
        return { reason: 'abuse', message: 'Too many new devices from this network; slow down.' };
      device = {
        minute: { start: now, count: 0 },
        hourStart: now,
        triggersThisHour: new Set(),
        recent: new Map(),
        lastSeen: now,
      };
      this.devices.set(input.deviceKey, device);
    }
    device.lastSeen = now;

    const recent = device.recent.get(input.triggerId) ?? [];
    // The same activation sent again is not a second detection: it must reach the writer, which
    // answers it as the duplicate it is.
    if (recent.some((r) => r.activationId === input.activationId)) return undefined;
    const gap = gapFor(input.deviceType);
    if (recent.some((r) => Math.abs(r.at - input.detectedAt) < gap))
      return {
        reason: 'too-soon',
        message: `This device reported this trigger less than ${gap / 1000} s earlier.`,
      };

    const perMinute = input.perMinute ?? this.limits.devicePerMinute;
    if (now - device.minute.start >= MINUTE) device.minute = { start: now, count: 0 };
    if (device.minute.count >= perMinute)
      return {
        reason: 'rate-limited',
        message: 'Too many detections from this device; slow down.',
        retryAfterMs: Math.max(1, device.minute.start + MINUTE - now),
      };
    if (now - device.hourStart >= HOUR) {
      device.hourStart = now;
      device.triggersThisHour.clear();
    }
    if (
      !device.triggersThisHour.has(input.triggerId) &&
      device.triggersThisHour.size >= this.limits.distinctTriggersPerDeviceHour
    )
      return { reason: 'abuse', message: 'This device reported too many different triggers this hour.' };

    device.minute.count += 1;
    device.triggersThisHour.add(input.triggerId);
    recent.push({ at: input.detectedAt, activationId: input.activationId });
    if (recent.length > RECENT_PER_TRIGGER) recent.shift();
    device.recent.set(input.triggerId, recent);
    return undefined;
  }

  /** Gives back a slot held by admit() for a detection that was not stored after all. */
  release(input: Pick<GuardInput, 'deviceKey' | 'triggerId' | 'activationId'>): void {
    const device = this.devices.get(input.deviceKey);
    const recent = device?.recent.get(input.triggerId);
    if (!device || !recent) return;
    const index = recent.findIndex((r) => r.activationId === input.activationId);
    if (index >= 0) recent.splice(index, 1);
    device.minute.count = Math.max(0, device.minute.count - 1);
  }

  /** An unknown trigger or a stale time: one honest listener sends few; a scraper sends many. */
  noteBad(ipKey: string): void {
    const now = this.now();
    const ip = this.ipState(ipKey, now);
    if (!roll(ip.bad, now, MINUTE, this.limits.badPerIpMinute)) ip.blockedUntil = now + this.limits.ipBlockMs;
  }

  private ipState(key: string, now: number) {
    let state = this.ips.get(key);
    if (!state) {
      state = { newDevices: { start: now, count: 0 }, bad: { start: now, count: 0 }, blockedUntil: 0 };
      this.ips.set(key, state);
    }
    return state;
  }

  /** Forgets devices quiet for an hour and addresses with nothing pending, once a minute. */
  private prune(now: number) {
    if (now - this.lastPrune < MINUTE) return;
    this.lastPrune = now;
    for (const [key, device] of this.devices) if (now - device.lastSeen > HOUR) this.devices.delete(key);
    for (const [key, ip] of this.ips)
      if (ip.blockedUntil < now && now - ip.newDevices.start > MINUTE && now - ip.bad.start > MINUTE)
        this.ips.delete(key);
  }
}

/** Counts one event in a fixed window; false when the window's limit is already reached. */
function roll(window: Window, now: number, length: number, limit: number): boolean {
  if (now - window.start >= length) {
    window.start = now;
    window.count = 0;
  }
  if (window.count >= limit) return false;
  window.count += 1;
  return true;
}
