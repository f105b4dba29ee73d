import { type AbVariantInput, MAX_VARIANTS, type Trigger, type TriggerAction } from '@tonemark/shared';

export interface VariantDraft {
  key: number;
  name: string;
  triggerId: number | null;
  trafficAllocation: number;
  action: TriggerAction;
  actionData: string;
  segmentIds: number[];
}

let nextKey = 1;
const LETTERS = 'ABCDE';

export function newDraft(index: number, trigger: Trigger | undefined): VariantDraft {
  return {
    key: nextKey++,
    name: index === 0 ? 'Control' : `Variant ${LETTERS[index] ?? index + 1}`,
    triggerId: trigger?.id ?? null,
    trafficAllocation: 50,
    action: trigger?.action ?? 'OPEN_URL',
    // The control starts as the trigger's own action; the others are for the creator to fill in.
    actionData: index === 0 ? (trigger?.actionData ?? '') : '',
    segmentIds: [],
  };
}

/** Even split that adds up to 100 (the first variants take the remainder). */
export function evenSplit(count: number): number[] {
  const base = Math.floor(100 / count);
  return Array.from({ length: count }, (_, i) => base + (i < 100 - base * count ? 1 : 0));
}

export function withVariant(drafts: VariantDraft[], trigger: Trigger | undefined): VariantDraft[] {
  if (drafts.length >= MAX_VARIANTS) return drafts;
  const next = [...drafts, newDraft(drafts.length, trigger)];
  const split = evenSplit(next.length);
  return next.map((d, i) => ({ ...d, trafficAllocation: split[i] ?? d.trafficAllocation }));
}

export function toVariantInput(draft: VariantDraft): AbVariantInput {
  return {
    name: draft.name,
    triggerId: draft.triggerId ?? 0,
    trafficAllocation: draft.trafficAllocation,
    action: draft.action,
    actionData: draft.actionData,
    segmentIds: draft.segmentIds,
  };
}
