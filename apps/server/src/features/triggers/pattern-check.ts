import {
  findConfusablePatterns,
  keepsToneGap,
  repeatedToneAdvice,
  roomCarryAdvice,
  seededRandom,
  semitonesApart,
} from '@tonemark/audio';
import {
  type ConfusableTrigger,
  FREQUENCY_MAX_HZ,
  FREQUENCY_MIN_HZ,
  FREQUENCY_STEP_HZ,
  type PatternCheckInput,
  type SuggestedPattern,
  type SuggestPatternInput,
} from '@tonemark/shared';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { soundTriggers, type UserRow } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { ResolvableTrigger } from '../triggers/resolvable-trigger.ts';

/** Whose trigger a creator may see in full: their own; an admin sees every trigger anyway. */
function canSee(user: UserRow, trigger: ResolvableTrigger): boolean {
  return user.role === 'admin' || trigger.creatorId === user.id;
}

const ANONYMOUS_REASON: Record<ConfusableTrigger['kind'], string> = {
  same: 'Taken: an active trigger on the platform sounds the same to the detector.',
  'one-slot': 'Confusable with an active trigger on the platform: they differ in one tone only.',
  shifted:
    'Confusable with an active trigger on the platform: they share tones one or two steps apart in time.',
};

/**
 * The active triggers a listener could mistake for this pattern. Listeners hear every active
 * trigger on the platform at once, so the comparison spans all accounts; another account's
 * trigger is reported without its id, name or pattern (docs/decisions/pattern-safety.md).
 */
export function confusableTriggers(
  active: ResolvableTrigger[],
  user: UserRow,
  input: PatternCheckInput,
): ConfusableTrigger[] {
  const heard = active.filter((trigger) => trigger.id !== input.excludeId);
  const byId = new Map(heard.map((trigger) => [trigger.id, trigger]));
  const found = findConfusablePatterns(input.frequencyPattern, heard, {
    durationMs: input.durationMs,
    signal: input.signal,
  });
  return found.flatMap((match): ConfusableTrigger[] => {
    const trigger = byId.get(Number(match.id));
    if (!trigger) return [];
    return canSee(user, trigger)
      ? [
          {
            yours: true,
            id: trigger.id,
            name: trigger.name,
            frequencyPattern: trigger.frequencyPattern,
            kind: match.kind,
            similarity: match.similarity,
            reason: match.reason,
          },
        ]
      : [
          {
            yours: false,
            id: null,
            name: null,
            frequencyPattern: null,
            kind: match.kind,
            similarity: match.similarity,
            reason: ANONYMOUS_REASON[match.kind],
          },
        ];
  });
}

/** What the pattern risks on its own, whatever else is active (the form shows each sentence). */
export function patternWarnings(input: PatternCheckInput): string[] {
  const repeated = repeatedToneAdvice(input.frequencyPattern, input.signal);
  return repeated === undefined ? [] : [repeated];
}

/**
 * Every warning for a client that shows nothing else: the public API's check. The dashboard's form
 * puts the room advice in a notice of its own beside the slider (RoomCarryNotice), so its check
 * answers patternWarnings only.
 */
export function allPatternWarnings(input: PatternCheckInput): string[] {
  const room = roomCarryAdvice(input.frequencyPattern, input.signal);
  return [...patternWarnings(input), ...(room === undefined ? [] : [room])];
}

export const PATTERN_TAKEN_MESSAGE =
  'This pattern is taken: another account has an active trigger with exactly these tones. Choose other tones (Suggest a free pattern picks some).';

/**
 * Two accounts' triggers firing on one sound is a platform defect, so an active trigger may not
 * copy another account's active pattern tone for tone. The owner's own triggers may share one
 * (two campaigns for one jingle): that stays a warning.
 */
export async function assertPatternFree(
  db: Db,
  ownerId: number | null,
  frequencyPattern: number[],
  excludeId?: number,
): Promise<void> {
  const [clash] = await db
    .select({ id: soundTriggers.id })
    .from(soundTriggers)
    .where(
      and(
        eq(soundTriggers.status, 'active'),
        or(isNull(soundTriggers.expiresAt), gt(soundTriggers.expiresAt, new Date())),
        sql`${soundTriggers.frequencyPattern} = ${JSON.stringify(frequencyPattern)}::jsonb`,
        ownerId === null ? undefined : sql`${soundTriggers.creatorId} is distinct from ${ownerId}`,
        excludeId === undefined ? undefined : ne(soundTriggers.id, excludeId),
      ),
    )
    .limit(1);
  if (clash) throw new AppError('PATTERN_TAKEN', PATTERN_TAKEN_MESSAGE);
}

/** Slot-by-slot distance between two patterns, in semitones summed over the slots. */
export function patternDistance(a: number[], b: number[]): number {
  let total = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    total += x === undefined || y === undefined ? 12 : semitonesApart(x, y);
  }
  return total;
}

const CANDIDATES = 400;

/** Four slider tones. */
function candidate(random: () => number): number[] | undefined {
  const steps = Math.round((FREQUENCY_MAX_HZ - FREQUENCY_MIN_HZ) / FREQUENCY_STEP_HZ) + 1;
  const tones: number[] = [];
  for (let slot = 0; slot < 4; slot++) {
    tones.push(FREQUENCY_MIN_HZ + Math.floor(random() * steps) * FREQUENCY_STEP_HZ);
    // Any two tones keep the gap (tone-gap.ts): each slot clearly its own tone, none repeated.
    if (!keepsToneGap(tones)) return undefined;
  }
  return tones;
}

/**
 * A pattern far from every active pattern on the platform, on the form's slider grid. Candidates
 * come from a seeded generator (same seed and same platform: same answer); the one whose nearest
 * active pattern is farthest away wins, provided the detector could not confuse it with any.
 * Tones come from the whole slider for every signal: sets drawn from the room limit (700 Hz) up
 * read about three times the false positives (docs/decisions/room-carry.md, "Withdrawn").
 */
export function suggestPattern(active: ResolvableTrigger[], input: SuggestPatternInput): SuggestedPattern {
  const heard = active.filter((trigger) => trigger.id !== input.excludeId);
  // Seeded, so a suggestion is reproducible from its seed.
  const random = seededRandom(input.seed ?? 0);
  const scored: { pattern: number[]; distance: number | null }[] = [];
  for (let i = 0; i < CANDIDATES * 4 && scored.length < CANDIDATES; i++) {
    const pattern = candidate(random);
    if (!pattern) continue;
    const distance =
      heard.length === 0
        ? null
        : Math.min(...heard.map((trigger) => patternDistance(pattern, trigger.frequencyPattern)));
    scored.push({ pattern, distance });
  }
  scored.sort((a, b) => (b.distance ?? 0) - (a.distance ?? 0));
  const opts = { durationMs: input.durationMs, signal: input.signal };
  const clear = scored.find((entry) => findConfusablePatterns(entry.pattern, heard, opts).length === 0);
  const pick = clear ?? scored[0];
  if (!pick) throw new Error('no candidate pattern');
  return {
    frequencyPattern: pick.pattern,
    distance: pick.distance === null ? null : Math.round(pick.distance * 10) / 10,
  };
}
