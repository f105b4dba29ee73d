import type { HannWindowEnergies } from './hann-window-energies.ts';
import { type SlotLimits, toneTestsPass } from './robust-score.ts';
import type { BandPlan, TriggerPlan } from './robust-trigger-plan.ts';

/**
 * One (band, slot timing) many triggers share: its tone-over-neighbour test gives the same answer
 * for all of them, so it is computed once per hop and kept for a pattern's length.
 */
interface Probe {
  plan: TriggerPlan;
  band: BandPlan;
  slotHops: number;
  /** Hops after a slot's end until its after-guard has been heard; the probe answers for that
   * slot this much later (only slots before a pattern's last have one, so it is always in time). */
  delay: number;
}

/** A node of the trie of patterns read backwards (last slot first): `probes[i]` leads to
 * `children[i]`; `plans` end here (their first slot is this node's probe). */
interface Node {
  probes: number[];
  children: Node[];
  plans: number[];
}

const emptyNode = (): Node => ({ probes: [], children: [], plans: [] });

/**
 * Which triggers can score at a hop, without scoring all of them (issue 9 item 4).
 *
 * A pattern window passes only if every slot's tone stands `minRatio` above the quieter of its
 * neighbour bins (the first test of `scoreWindow`; the later references only make a slot's ratio
 * smaller). That test depends on the tone and the slot timing alone, so each distinct one (a
 * *probe*: 31 grid tones for every audible trigger of one length, whatever N) is evaluated once
 * per hop and its pass/fail kept in a ring covering the longest pattern. The triggers sit in a
 * trie keyed by their probes from the last slot back; a hop walks only the branches whose slots
 * pass, so the per-hop work grows with the number of tone sequences the audio actually holds,
 * not with the number of triggers. The candidates it returns are exactly the triggers whose every
 * slot passes the test, so the decisions are those of scoring every trigger.
 */
export class CandidateIndex {
  private readonly probes: Probe[] = [];
  private readonly root: Node = emptyNode();
  private readonly ringHops: number;
  private readonly passed: Uint8Array;
  private readonly limits: SlotLimits;
  /** Per plan, the walk that last returned it: a `combined` trigger sits on several paths. */
  private readonly seenAt: Int32Array;
  private walk = 0;

  constructor(plans: readonly TriggerPlan[], limits: SlotLimits) {
    this.limits = limits;
    const probeIds = new Map<string, number>();
    const timings = new Map<TriggerPlan, string>();
    const probeOf = (plan: TriggerPlan, band: BandPlan): number => {
      let timing = timings.get(plan);
      if (timing === undefined) {
        // The window ids below stand for (frequency, length); the timing says where they sit.
        timing = `${plan.slotHops}|${plan.subWindows.map((w) => `${w.start}/${w.length}`).join(',')}|${plan.floorEnergy}`;
        timings.set(plan, timing);
      }
      const key = `${timing}|${band.tone[0]}|${band.lower[0]}|${band.upper[0]}|${band.guardBefore}|${band.guardAfter}|${band.half}|${band.coherent}`;
      let id = probeIds.get(key);
      if (id === undefined) {
        id = this.probes.length;
        const delay = band.guardAfter === undefined ? 0 : plan.guardHops;
        this.probes.push({ plan, band, slotHops: plan.slotHops, delay });
        probeIds.set(key, id);
      }
      return id;
    };
    let longest = 1;
    plans.forEach((plan, index) => {
      longest = Math.max(longest, plan.slotCount * plan.slotHops);
      this.insert(this.root, plan, plan.slotCount - 1, index, probeOf);
    });
    this.ringHops = longest + 1;
    this.passed = new Uint8Array(this.probes.length * this.ringHops);
    this.seenAt = new Int32Array(plans.length).fill(-1);
  }

  /** Distinct probes: the tests run per hop whatever the number of triggers. */
  get probeCount(): number {
    return this.probes.length;
  }

  /** Files `plan` under every path through its slots' bands, from `slot` back to the first. */
  private insert(
    node: Node,
    plan: TriggerPlan,
    slot: number,
    index: number,
    probeOf: (plan: TriggerPlan, band: BandPlan) => number,
  ): void {
    if (slot < 0) {
      node.plans.push(index);
      return;
    }
    for (const band of plan.bands[slot] ?? []) {
      const probe = probeOf(plan, band);
      let at = node.probes.indexOf(probe);
      if (at < 0) {
        at = node.probes.length;
        node.probes.push(probe);
        node.children.push(emptyNode());
      }
      this.insert(node.children[at] as Node, plan, slot - 1, index, probeOf);
    }
  }

  /**
   * Runs every probe for the slot ending at `endHop` (call once per hop, in order), then appends
   * to `out` the index of every plan whose pattern window ending at `endHop` passes the test in
   * all its slots.
   */
  candidates(energies: HannWindowEnergies, endHop: number, out: number[]): void {
    const ring = this.ringHops;
    for (let p = 0; p < this.probes.length; p++) {
      const probe = this.probes[p] as Probe;
      const slotEnd = endHop - probe.delay;
      if (slotEnd < 0) continue;
      const slotStart = slotEnd - probe.slotHops + 1;
      const pass = toneTestsPass(probe.plan, energies, probe.band, slotStart, this.limits);
      this.passed[p * ring + (slotEnd % ring)] = pass ? 1 : 0;
    }
    this.walk++;
    this.visit(this.root, endHop, 0, out);
  }

  private visit(node: Node, endHop: number, depth: number, out: number[]): void {
    const ring = this.ringHops;
    for (let i = 0; i < node.plans.length; i++) {
      const plan = node.plans[i] as number;
      if (this.seenAt[plan] === this.walk) continue;
      this.seenAt[plan] = this.walk;
      out.push(plan);
    }
    for (let i = 0; i < node.probes.length; i++) {
      const p = node.probes[i] as number;
      const slotEnd = endHop - depth * (this.probes[p] as Probe).slotHops;
      if (slotEnd < 0 || this.passed[p * ring + (slotEnd % ring)] === 0) continue;
      this.visit(node.children[i] as Node, endHop, depth + 1, out);
    }
  }
}
