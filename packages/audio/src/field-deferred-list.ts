/** What the repeat test reads of a deferred hypothesis. */
export interface DeferredTiming {
  /** Where the pattern's last run of tones seems to start (hop), and its first slot. */
  anchor: number;
  anchorSlot: number;
  speed: number;
  /** Slot length (hops). */
  slot: number;
}

/**
 * The hypotheses deferred for one pattern, in the order they were deferred, with the figures the
 * repeat test compares (start, speed, slot length) kept side by side in typed arrays. At a thousand
 * triggers every index entry a new track finds scans its pattern's list (3,600 entries a second,
 * about nine hypotheses each), and each verified hypothesis is looked for in it to be removed: read
 * from the hypotheses themselves, objects all over the heap, those scans were a twentieth of the
 * field detector's time (docs/decisions/field-detector-cost.md, cpu8). The figures are the ones the
 * test computed from each hypothesis (`anchor - anchorSlot * slot`, the same expression), so every
 * answer is the same; `retimed` must be called when a listed hypothesis's timing changes.
 */
export class DeferredList<T extends DeferredTiming> {
  private items: T[] = [];
  private starts = new Float64Array(8);
  private speeds = new Float64Array(8);
  private slots = new Float64Array(8);

  get length(): number {
    return this.items.length;
  }

  push(d: T): void {
    const at = this.items.length;
    if (at === this.starts.length) this.grow();
    this.items.push(d);
    this.write(at, d);
  }

  /** Removes `d` (the first time it is listed), keeping the others' order; nothing if not listed. */
  remove(d: T): void {
    const items = this.items;
    const at = items.indexOf(d);
    if (at < 0) return;
    const last = items.length - 1;
    for (let i = at; i < last; i++) {
      items[i] = items[i + 1] as T;
      this.starts[i] = this.starts[i + 1] as number;
      this.speeds[i] = this.speeds[i + 1] as number;
      this.slots[i] = this.slots[i + 1] as number;
    }
    items.length = last;
  }

  /** `d`'s start or slot length changed: its figures are read again (nothing if not listed). */
  retimed(d: T): void {
    const at = this.items.indexOf(d);
    if (at >= 0) this.write(at, d);
  }

  /** The first hypothesis listed with the same pattern start, speed and slot length, within the
   * repeat test's tolerances. */
  repeatOf(speed: number, slot: number, start: number): T | undefined {
    const starts = this.starts;
    const speeds = this.speeds;
    const slots = this.slots;
    const n = this.items.length;
    for (let i = 0; i < n; i++) {
      if (
        Math.abs((starts[i] as number) - start) < 0.3 * slot &&
        Math.abs((speeds[i] as number) - speed) < 0.002 &&
        Math.abs((slots[i] as number) - slot) < 0.1 * slot
      )
        return this.items[i];
    }
    return undefined;
  }

  private write(at: number, d: T): void {
    this.starts[at] = d.anchor - d.anchorSlot * d.slot;
    this.speeds[at] = d.speed;
    this.slots[at] = d.slot;
  }

  private grow(): void {
    const size = 2 * this.starts.length;
    const starts = new Float64Array(size);
    const speeds = new Float64Array(size);
    const slots = new Float64Array(size);
    starts.set(this.starts);
    speeds.set(this.speeds);
    slots.set(this.slots);
    this.starts = starts;
    this.speeds = speeds;
    this.slots = slots;
  }
}
