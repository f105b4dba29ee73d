import { FieldDetector } from '@tonemark/audio';
import type { FieldPlan, Hypothesis, PatternScore } from './engine-internals.ts';

/** Which of the field detector's steps found a candidate. */
export type FieldPath = 'early' | 'as-made' | 'whole-tempo' | 'pitch-kept';

export interface AddedCandidate {
  plan: FieldPlan;
  refined: Hypothesis;
  score: PatternScore;
  path: FieldPath;
  hop: number;
}

/**
 * Wraps one of the field detector's private steps (on its prototype: every instance) with
 * `around`, which gets the original, the instance and the arguments. For the tracers and probes
 * only: the steps are private, so a rename there shows here.
 */
export function wrapFieldStep(
  name: string,
  around: (orig: (...a: unknown[]) => unknown, self: unknown, a: unknown[]) => unknown,
): void {
  type Patchable = Record<string, (...args: unknown[]) => unknown>;
  const proto = FieldDetector.prototype as unknown as Patchable;
  const orig = proto[name] as (...a: unknown[]) => unknown;
  proto[name] = function (this: unknown, ...a: unknown[]) {
    return around(orig, this, a);
  };
}

/**
 * Patches the field detector's private steps (on its prototype: every instance) so that each
 * candidate it adds is handed to `onAdded` with the path that found it. For the tracers and
 * probes only: the steps are private, so a rename there shows here.
 */
export function traceFieldCandidates(onAdded: (c: AddedCandidate) => void): void {
  let path: FieldPath = 'as-made';
  const wrap = wrapFieldStep;
  wrap('verifyEarly', (orig, self, a) => {
    path = 'early';
    return orig.apply(self, a);
  });
  wrap('verify', (orig, self, a) => {
    path = 'as-made';
    return orig.apply(self, a);
  });
  wrap('search', (orig, self, a) => {
    if (a[1] === 0 && path === 'as-made') path = 'whole-tempo';
    return orig.apply(self, a);
  });
  wrap('pitchKept', (orig, self, a) => {
    path = 'pitch-kept';
    return orig.apply(self, a);
  });
  wrap('addCandidate', (orig, self, a) => {
    const [plan, found, hop] = a as [FieldPlan, { refined: Hypothesis; score: PatternScore }, number];
    onAdded({ plan, refined: found.refined, score: found.score, path, hop });
    return orig.apply(self, a);
  });
}
