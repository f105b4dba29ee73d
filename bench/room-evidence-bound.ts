/**
 * npx tsx bench/room-evidence-bound.ts file.jsonl...
 *
 * Reads bench/room-evidence-probe.ts output (events read at their played timing, chance readings
 * of trigger-free programme) and prints, for each candidate reading of a room's evidence, how many
 * missed events it would accept at the played timing against how many chance readings it would
 * accept that the shipped rules reject (docs/decisions/audio-far-field-rooms.md, "rooms4"). Every
 * candidate is asked of patterns measured within 0.25 % of speed 1 only (a room changes levels,
 * not speed), on top of the shipped rules. A diagnosis tool: its figures are not checked.
 */
import { readFile } from 'node:fs/promises';
import { exitOnHelp } from './cli-help.ts';
import type { RoomEvidenceLine, RoomSlotReading } from './room-evidence-line.ts';

exitOnHelp(import.meta.url);

type Slot = RoomSlotReading;
type Reading = RoomEvidenceLine;

const MIN_SLOT_DB = 4;
const SLOT_CAP_DB = 15;
const readings: Reading[] = [];
for (const file of process.argv.slice(2)) {
  const text = await readFile(file, 'utf8');
  for (const line of text.split('\n')) if (line.startsWith('{')) readings.push(JSON.parse(line) as Reading);
}

/** A slot's other tests (steadiness, frequency, peaks in both halves), the ratio left out. */
const shapeOk = (s: Slot) => (s.steady ?? -99) >= -8 && (s.err ?? 99) <= 0.35 && s.peak;

interface Rule {
  name: string;
  /** The ratio (dB) a slot is read at. */
  ratio: (s: Slot, k: number) => number;
  /** Slots that may fail their tests. */
  excused: number;
  /** Every passing slot reads at least this beside excused ones (dB). */
  othersBar: number;
  /** An excused slot must read at least this over its nearer neighbour bins (dB). */
  fadedBeside: number;
  /** Decision threshold against the shipped one (dB). */
  thresholdDelta: number;
  /** What an excused slot must show besides (default: nothing more). */
  excusedOk?: (s: Slot) => boolean;
  /** What an excused slot counts in the mean (dB; default its reading clipped to 0..4 dB). */
  excusedDb?: (s: Slot) => number;
  /** A second reading asked where this one fails (the room's readings: the better that passes). */
  or?: Rule;
}

/** Whether `r` passes `rule` (the decision rebuilt as scorePattern builds it). */
function accepts(r: Reading, rule: Rule): boolean {
  return (
    decisionOf(r, rule) >= r.need + rule.thresholdDelta || (rule.or !== undefined && accepts(r, rule.or))
  );
}

/** The decision `rule` reads for `r`; -Infinity where a slot test fails it. */
function decisionOf(r: Reading, rule: Rule): number {
  let capped = 0;
  let steady = 0;
  let excused = 0;
  let weakest = Number.POSITIVE_INFINITY;
  for (const [k, s] of r.slots.entries()) {
    const db = rule.ratio(s, k);
    if (db >= MIN_SLOT_DB && shapeOk(s)) {
      capped += Math.min(db, SLOT_CAP_DB);
      steady += s.steady ?? 0;
      weakest = Math.min(weakest, db);
    } else {
      excused++;
      if (s.beside < rule.fadedBeside) return Number.NEGATIVE_INFINITY;
      if (rule.excusedOk && !rule.excusedOk(s)) return Number.NEGATIVE_INFINITY;
      capped += rule.excusedDb ? rule.excusedDb(s) : Math.min(Math.max(db, 0), MIN_SLOT_DB);
      steady += -0.5;
    }
  }
  if (excused > rule.excused || (excused > 0 && weakest < rule.othersBar)) return Number.NEGATIVE_INFINITY;
  const n = r.slots.length;
  return capped / n + 2 * Math.min(0, steady / n + 0.5);
}

const shipped = (s: Slot) => s.db ?? -99;
/** The reference over the slots from -1 on, leaving out those `drop` says (dB under the signal). */
function quietWithout(s: Slot, drop: (j: number) => boolean): number {
  let sum = 0;
  let n = 0;
  (s.refs ?? []).forEach((v, i) => {
    if (v === null || drop(i - 1)) return;
    sum += 10 ** (-v / 10);
    n++;
  });
  return n === 0 ? s.quiet : -10 * Math.log10(sum / n);
}
/** The slot index of `s` within its reading. */
const base: Rule = {
  name: 'shipped',
  ratio: shipped,
  excused: 1,
  othersBar: 12,
  fadedBeside: -99,
  thresholdDelta: 0,
};
const rules: Rule[] = [base];
for (const d of [-0.5, -1, -1.5, -2, -3])
  rules.push({ ...base, name: `threshold ${d} dB`, thresholdDelta: d });
for (const bar of [11, 10, 9, 8]) rules.push({ ...base, name: `others bar ${bar} dB`, othersBar: bar });
for (const bar of [12, 10, 8])
  for (const fb of [0, 3, 6])
    rules.push({
      ...base,
      name: `others bar ${bar}, faded slot >= ${fb} dB over neighbours`,
      othersBar: bar,
      fadedBeside: fb,
    });
for (const bar of [12, 15])
  rules.push({ ...base, name: `two excused, others >= ${bar}`, excused: 2, othersBar: bar });
rules.push({ ...base, name: 'floor: wide neighbourhood (6-30 Hz)', ratio: (s) => Math.min(s.wide, s.quiet) });
rules.push({ ...base, name: 'floor: wide only', ratio: (s) => s.wide });
rules.push({ ...base, name: 'floor: neighbour bins only', ratio: (s) => s.beside });
rules.push({ ...base, name: 'floor: other slots only', ratio: (s) => s.quiet });
const tailLeftOut = (s: Slot, k: number) =>
  s.db === null
    ? -99
    : Math.max(
        s.db,
        Math.min(
          s.beside,
          quietWithout(s, (j) => j === k + 1),
        ),
      );
rules.push({ ...base, name: 'reference: the tail slot (k+1) left out', ratio: tailLeftOut });
for (const bar of [11, 10])
  rules.push({ ...base, name: `tail slot left out, others bar ${bar}`, ratio: tailLeftOut, othersBar: bar });
/** The reference with its loudest slot left out (one babble burst or programme note in one slot). */
const loudestLeftOut = (s: Slot) => {
  const refs = (s.refs ?? []).filter((v): v is number => v !== null);
  if (s.db === null || refs.length < 3) return s.db ?? -99;
  const loudest = Math.min(...refs);
  const i = (s.refs ?? []).indexOf(loudest);
  return Math.max(
    s.db,
    Math.min(
      s.beside,
      quietWithout(s, (j) => j === i - 1),
    ),
  );
};
rules.push({ ...base, name: 'reference: loudest slot left out (of 3+)', ratio: loudestLeftOut });
/** The loudest reference slot left out only where it stands `over` dB above the others' mean. */
const burstLeftOut = (over: number) => (s: Slot) => {
  const refs = (s.refs ?? []).filter((v): v is number => v !== null);
  if (s.db === null || refs.length < 3) return s.db ?? -99;
  const loudest = Math.min(...refs);
  const i = (s.refs ?? []).indexOf(loudest);
  const rest = quietWithout(s, (j) => j === i - 1);
  return rest - loudest >= over ? Math.max(s.db, Math.min(s.beside, rest)) : s.db;
};
for (const over of [3, 4.5, 6, 8])
  rules.push({ ...base, name: `loudest left out where ${over} dB over the rest`, ratio: burstLeftOut(over) });
rules.push({ ...base, name: 'loudest left out, others bar 11', ratio: loudestLeftOut, othersBar: 11 });
rules.push({ ...base, name: 'loudest left out, threshold +0.5', ratio: loudestLeftOut, thresholdDelta: 0.5 });
rules.push({ ...base, name: 'tail slot left out, threshold -0.5', ratio: tailLeftOut, thresholdDelta: -0.5 });
// rooms5: a faded slot read at its edges (the room's switch-on / switch-off transients).
const edge = (s: Slot) => Math.max(s.tailPeak ? (s.tail ?? -99) : -99, s.onsetPeak ? (s.onset ?? -99) : -99);
const edgeAny = (s: Slot) => Math.max(s.tail ?? -99, s.onset ?? -99);
const burst = burstLeftOut(4.5);
const shippedNow: Rule = { ...base, name: 'shipped + burst left out (4.5 dB)', ratio: burst };
rules.push(shippedNow);
for (const x of [0, 3, 6, 9])
  for (const bar of [12, 10])
    rules.push({
      ...shippedNow,
      name: `edge >= ${x} dB (peak), others bar ${bar}`,
      othersBar: bar,
      excusedOk: (s) => edge(s) >= x,
    });
for (const x of [4, 6, 9])
  for (const n of [1, 2])
    rules.push({
      ...shippedNow,
      name: `edge >= ${x} counted at min(edge, 15), ${n} excused`,
      excused: n,
      excusedOk: (s) => edge(s) >= x,
      excusedDb: (s) => Math.min(edge(s), SLOT_CAP_DB),
    });
for (const x of [4, 6])
  rules.push({
    ...shippedNow,
    name: `edge (no peak asked) >= ${x} counted at min(edge, 4), 2 excused, bar 12`,
    excused: 2,
    excusedOk: (s) => edgeAny(s) >= x,
    excusedDb: (s) => Math.min(edgeAny(s), MIN_SLOT_DB),
  });
// The faded slot's own bin a local peak over the whole slot (its frequency measured: err finite).
for (const bar of [12, 11, 10])
  rules.push({
    ...shippedNow,
    name: `faded slot a peak over the slot, others bar ${bar}`,
    othersBar: bar,
    excusedOk: (s) => s.err !== null && Number.isFinite(s.err) && s.err <= 0.5,
  });

// rooms6: a time reference one talker cannot lift. Each reading below is asked on top of the
// shipped one with the burst left out (the better of the two counts), as readInRoom would ask it.
/** The median of `v` (dB under the signal: the reference's median slot). */
const medianOf = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const n = s.length;
  return n === 0
    ? Number.NaN
    : n % 2
      ? (s[(n - 1) / 2] as number)
      : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
};
const nearSlots = (s: Slot) => (s.refs ?? []).filter((v): v is number => v !== null);
const farSlots = (s: Slot) => [...nearSlots(s), ...(s.before ?? []).filter((v): v is number => v !== null)];
/** The mean of slot readings given in dB under the signal, as dB under the signal. */
const meanOf = (v: number[]) =>
  v.length ? -10 * Math.log10(v.reduce((a, x) => a + 10 ** (-x / 10), 0) / v.length) : Number.NaN;
const robust = (name: string, reading: (s: Slot) => number | undefined, extra: Partial<Rule> = {}) => {
  const rule: Rule = {
    ...shippedNow,
    name,
    ratio: (s) => {
      const b = burst(s);
      const v = s.db === null ? undefined : reading(s);
      return v === undefined || Number.isNaN(v) ? b : Math.max(b, Math.min(s.beside, v));
    },
    ...extra,
  };
  rules.push(rule);
};
robust('frames p50 over shipped reference slots', (s) => s.nearP50);
robust('frames p25 over shipped reference slots', (s) => s.nearP25);
robust('frames p50 over reference + slots -4..-2', (s) => s.farP50);
robust('frames p25 over reference + slots -4..-2', (s) => s.farP25);
robust('median reference slot (shipped slots)', (s) => medianOf(nearSlots(s)));
robust('median reference slot (+ slots -4..-2)', (s) => medianOf(farSlots(s)));
robust('mean reference slot (+ slots -4..-2)', (s) => meanOf(farSlots(s)));
for (const d of [0.5, 1, 1.5, 2]) {
  robust(`frames p50 near, read ${d} dB lower`, (s) => (s.nearP50 ?? Number.NaN) - d);
  robust(`frames p50 far, read ${d} dB lower`, (s) => (s.farP50 ?? Number.NaN) - d);
  robust(`median slot far, read ${d} dB lower`, (s) => medianOf(farSlots(s)) - d);
}
// With no slot excused (every slot passes its own tests): the median reading never carries a
// faded slot's excuse.
robust('frames p50 far, no slot excused', (s) => s.farP50, { excused: 0 });
robust('frames p50 near, no slot excused', (s) => s.nearP50, { excused: 0 });
robust('frames p25 far, no slot excused', (s) => s.farP25, { excused: 0 });
robust('median slot far, no slot excused', (s) => medianOf(farSlots(s)), { excused: 0 });
for (const d of [1, 2])
  robust(`frames p25 far ${d} dB lower, no slot excused`, (s) => (s.farP25 ?? Number.NaN) - d, {
    excused: 0,
  });
// What readInRoom asks since rooms6: the burst reading, or else the median reading, no slot excused.
robust('burst, else frames p50 far with no slot excused (shipped, rooms6)', (s) => s.farP50, {
  excused: 0,
  or: shippedNow,
});
// rooms7: the two false positives of the 2026-12-02 full run (mp3-64k T03, tempo-0.8 T07) passed
// every slot on the burst reading and fell short of the threshold; the median lifted slots that
// already passed and carried the decision. Guards: the median reads only the slots the burst
// reading fails (G1), and also counts them at no more than the per-slot bar (G2).
const passesBurst = (s: Slot) => burst(s) >= MIN_SLOT_DB && shapeOk(s);
const medianLift = (s: Slot) =>
  s.farP50 === undefined ? burst(s) : Math.max(burst(s), Math.min(s.beside, s.farP50));
rules.push({
  ...shippedNow,
  name: 'burst, else median on failing slots only, no slot excused (G1, rooms7)',
  excused: 0,
  or: shippedNow,
  ratio: (s) => (s.db === null ? -99 : passesBurst(s) ? burst(s) : medianLift(s)),
});
rules.push({
  ...shippedNow,
  name: 'burst, else median on failing slots counted at the bar, no slot excused (G2, rooms7)',
  excused: 0,
  or: shippedNow,
  ratio: (s) => (s.db === null ? -99 : passesBurst(s) ? burst(s) : Math.min(medianLift(s), MIN_SLOT_DB)),
});
// rooms7: the median read only at the low tones, where rooms6 found the talkers' harmonics lift
// the mean reference (500-650 Hz: speech's long-term spectrum peaks there), as readInRoom would
// ask it (the burst reading, or else this one, no slot excused).
for (const hz of [650, 750, 1000])
  rules.push({
    ...shippedNow,
    name: `burst, else median for tones <= ${hz} Hz, no slot excused (rooms7)`,
    excused: 0,
    or: shippedNow,
    ratio: (s) => (s.db === null ? -99 : s.tone <= hz ? medianLift(s) : burst(s)),
  });
for (const hz of [650, 750])
  for (const f of ['nearP50', 'farP50'] as const)
    robust(`frames ${f} for tones <= ${hz} Hz only`, (s) => (s.tone <= hz ? s[f] : undefined));

const events = readings.filter((r) => r.kind === 'event');
const misses = events.filter((r) => !r.fired);
const timing = misses.filter((r) => accepts(r, base));
const chance = readings.filter(
  (r) =>
    r.kind === 'chance' &&
    !r.fired &&
    Math.abs((r.speed ?? 0) - 1) <= 0.0025 &&
    // rooms6: and at tempo 1 +-3 %, as the room's readings are asked (isPlayedAsMade).
    (!process.env.TEMPO_ONE || Math.abs((r.tempo ?? 1) - 1) <= 0.03),
);
const chanceAll = readings.filter((r) => r.kind === 'chance' && !r.fired);
console.log(
  `${events.length} events, ${misses.length} missed (${timing.length} pass the shipped rules at the played timing: timing); ` +
    `${chance.length} chance readings within 0.25 % of speed 1 (${chanceAll.length} at any speed), none fired`,
);
for (const rule of rules) {
  const got = misses.filter((r) => accepts(r, rule));
  const lost = events.filter((r) => r.fired && !accepts(r, rule) && accepts(r, base));
  const fp = chance.filter((r) => accepts(r, rule) && !accepts(r, base));
  const fpAny = chanceAll.filter((r) => accepts(r, rule) && !accepts(r, base));
  // How far under its threshold the best chance reading at speed 1 stays (the rule's margin).
  const best = (r: Reading) =>
    Math.max(decisionOf(r, rule), rule.or ? decisionOf(r, rule.or) : Number.NEGATIVE_INFINITY);
  const margin = Math.min(...chance.map((r) => r.need + rule.thresholdDelta - best(r)));
  console.log(
    `${rule.name.padEnd(52)} misses accepted ${String(got.length).padStart(3)} (evidence ${got.length - timing.length}), ` +
      `hits lost ${lost.length}, chance accepted ${fp.length} (any speed ${fpAny.length}), ` +
      `best chance ${margin.toFixed(2)} dB under` +
      (process.env.SHOW && fp.length
        ? `\n    ${fp.map((r) => `${r.condition} ${r.id}@${r.sec} ${r.speed}`).join('\n    ')}`
        : ''),
  );
}
if (process.env.MISSES)
  for (const r of misses)
    console.log(
      `${r.condition} ${r.id}@${r.sec} ${r.decision} ${r.pass ? 'P' : 'F'} | ${r.slots
        .map(
          (s) =>
            `${s.tone}:${s.db}/b${s.beside}/q${s.quiet}/t${s.tail}${s.tailPeak ? '' : '!'}/o${s.onset}${s.onsetPeak ? '' : '!'}${s.ok ? '' : ' X'}`,
        )
        .join('  ')}`,
    );
