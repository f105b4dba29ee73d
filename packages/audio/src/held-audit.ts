/**
 * What the readings made while an audit is open asked of the spectrum lanes (`SpectrumLane.holds`,
 * which every reading of the running sums asks first): whether any asked for audio not held (not
 * yet heard, or gone from its ring), and how many hops later the oldest audio they read leaves its
 * ring. A reading whose audit found everything held reads the same numbers at any later hop within
 * that margin: the running sums of a hop, once written, do not change until the ring reuses the row.
 * The field detector uses it to answer a pitch-kept reading it has already made at the early
 * verification, instead of making it again at the late one (docs/decisions/field-detector-cost.md, cpu9).
 */
export class HeldAudit {
  /** Whether `holds` reports here; closed, it costs `holds` one test. */
  open = false;
  unheld = false;
  /** Least of `from - (hop - ringHops)` over the spans found held: a later hop `hop + m` still holds
   * them all for every m below it. */
  margin = Number.POSITIVE_INFINITY;

  /** Opens a fresh audit. */
  begin(): void {
    this.open = true;
    this.unheld = false;
    this.margin = Number.POSITIVE_INFINITY;
  }

  /** One `holds` answer: `held`, and where its span's oldest hop lies above the ring's oldest. */
  note(held: boolean, margin: number): void {
    if (!held) this.unheld = true;
    else if (margin < this.margin) this.margin = margin;
  }
}

/** The one audit (readings do not nest, and detectors share a thread, not a reading). */
export const HELD_AUDIT = new HeldAudit();
