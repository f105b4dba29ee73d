import type { AudienceSegment, Trigger } from '@tonemark/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTriggers } from '@/features/triggers';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { useSetTargeting } from '../api/segments';

function TargetingRow({
  trigger,
  segments,
  readOnly,
}: {
  trigger: Trigger;
  segments: AudienceSegment[];
  readOnly: boolean;
}) {
  const current = segments.filter((s) => s.targetedTriggerIds.includes(trigger.id)).map((s) => s.id);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const selected = chosen ?? current;
  const dirty = chosen !== null && [...chosen].sort().join() !== [...current].sort().join();
  const save = useSetTargeting();
  return (
    <li
      className="grid gap-2 py-3 sm:grid-cols-[14rem_1fr_auto] sm:items-center"
      data-testid={`targeting-${trigger.name}`}
    >
      <div>
        <p className="font-medium text-slate-900">{trigger.name}</p>
        <p className="text-xs text-slate-500">
          {selected.length === 0
            ? 'Runs for everyone'
            : `Runs only for ${selected.length === 1 ? 'this segment' : 'these segments'}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {segments.map((s) => (
          <label key={s.id} className="flex items-center gap-1.5 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              disabled={readOnly}
              checked={selected.includes(s.id)}
              onChange={(e) =>
                setChosen(e.target.checked ? [...selected, s.id] : selected.filter((x) => x !== s.id))
              }
            />
            {s.name}
          </label>
        ))}
      </div>
      {readOnly ? null : (
        <Button
          size="sm"
          variant={dirty ? 'default' : 'outline'}
          disabled={!dirty || save.isPending}
          onClick={() =>
            save.mutate(
              { triggerId: trigger.id, segmentIds: selected },
              {
                onSuccess: () => {
                  setChosen(null);
                  toast({ title: 'Targeting saved', description: trigger.name, variant: 'success' });
                },
                onError: (e) => toastFailure(e, 'Failed'),
              },
            )
          }
        >
          Save
        </Button>
      )}
    </li>
  );
}

/** Which triggers run only for some segments. A detection outside them runs nothing. */
export function TargetingCard({ segments, readOnly }: { segments: AudienceSegment[]; readOnly: boolean }) {
  const triggers = useTriggers();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Targeting</CardTitle>
        <CardDescription>
          A trigger aimed at segments runs only for listeners in one of them; anyone else’s listener says the
          trigger is meant for another audience and runs nothing. A/B variants can target segments too.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {segments.length === 0 ? (
          <p className="text-sm text-slate-500">Create a segment first.</p>
        ) : (triggers.data ?? []).length === 0 ? (
          <p className="text-sm text-slate-500">You have no triggers yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {(triggers.data ?? []).map((t) => (
              <TargetingRow key={t.id} trigger={t} segments={segments} readOnly={readOnly} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
