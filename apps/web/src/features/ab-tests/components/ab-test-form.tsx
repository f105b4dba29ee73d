import {
  createAbTestSchema,
  MAX_VARIANTS,
  TRIGGER_ACTIONS,
  type Trigger,
  type TriggerAction,
} from '@tonemark/shared';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useUser } from '@/features/auth';
import { useCampaign, useCampaigns } from '@/features/campaigns';
import { useSegments } from '@/features/segments';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { useCreateAbTest } from '../api/ab-tests';
import { newDraft, toVariantInput, type VariantDraft, withVariant } from '../lib/variant-drafts';

const ACTION_LABELS: Record<TriggerAction, string> = {
  OPEN_URL: 'Open a link',
  LAUNCH_APP: 'Launch an app',
  DISPLAY_REWARD: 'Show a reward',
  CUSTOM_ACTION: 'Custom payload',
};
const DATA_HINTS: Record<TriggerAction, string> = {
  OPEN_URL: 'https://example.com/offer-b',
  LAUNCH_APP: 'myapp://offer',
  DISPLAY_REWARD: '{"title":"20% off","description":"Code SPRING20"}',
  CUSTOM_ACTION: 'Any text your app understands',
};

function VariantEditor({
  draft,
  index,
  triggers,
  segments,
  error,
  onChange,
  onRemove,
}: {
  draft: VariantDraft;
  index: number;
  triggers: Trigger[];
  segments: { id: number; name: string }[];
  error?: string;
  onChange: (draft: VariantDraft) => void;
  onRemove?: () => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4" data-testid={`variant-${index}`}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Variant {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_8rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={draft.name}
            onChange={(e) => onChange({ ...draft, name: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-trigger`}>Trigger</Label>
          <NativeSelect
            id={`${id}-trigger`}
            value={draft.triggerId ?? ''}
            onChange={(e) =>
              onChange({ ...draft, triggerId: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">Choose a trigger</option>
            {triggers.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-traffic`}>Traffic %</Label>
          <Input
            id={`${id}-traffic`}
            type="number"
            min={1}
            max={99}
            value={draft.trafficAllocation}
            onChange={(e) => onChange({ ...draft, trafficAllocation: Number(e.target.value) })}
          />
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-action`}>Action</Label>
          <NativeSelect
            id={`${id}-action`}
            value={draft.action}
            onChange={(e) => onChange({ ...draft, action: e.target.value as TriggerAction })}
          >
            {TRIGGER_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-data`}>{draft.action === 'OPEN_URL' ? 'URL' : 'Action data'}</Label>
          <Input
            id={`${id}-data`}
            value={draft.actionData}
            placeholder={DATA_HINTS[draft.action]}
            onChange={(e) => onChange({ ...draft, actionData: e.target.value })}
          />
        </div>
      </div>
      {segments.length > 0 ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="text-slate-600">Only for:</span>
          {segments.map((s) => (
            <label key={s.id} className="flex items-center gap-1.5 text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={draft.segmentIds.includes(s.id)}
                onChange={(e) =>
                  onChange({
                    ...draft,
                    segmentIds: e.target.checked
                      ? [...draft.segmentIds, s.id]
                      : draft.segmentIds.filter((x) => x !== s.id),
                  })
                }
              />
              {s.name}
            </label>
          ))}
          <span className="text-xs text-slate-500">(none ticked: everyone)</span>
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
      {onRemove ? (
        <Button type="button" variant="ghost" size="sm" className="w-fit text-rose-600" onClick={onRemove}>
          <Trash2 /> Remove variant
        </Button>
      ) : null}
    </fieldset>
  );
}

/** New A/B test: a campaign, two to five variants of an action, traffic that adds up to 100. */
export function AbTestForm({
  initialCampaignId,
  onCreated,
}: {
  initialCampaignId?: number;
  onCreated: (id: number) => void;
}) {
  const id = useId();
  const { data: user } = useUser();
  const campaigns = useCampaigns(user?.id);
  const [campaignId, setCampaignId] = useState<number>(initialCampaignId ?? 0);
  const campaign = useCampaign(campaignId);
  const segments = useSegments();
  const triggers = campaignId > 0 ? (campaign.data?.triggers ?? []) : [];
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [drafts, setDrafts] = useState<VariantDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAbTest();

  // A new campaign starts two variants on its first trigger.
  const firstTrigger = triggers[0];
  useEffect(() => {
    setDrafts(firstTrigger ? [newDraft(0, firstTrigger), newDraft(1, firstTrigger)] : []);
  }, [firstTrigger]);

  const total = drafts.reduce(
    (sum, d) => sum + (Number.isFinite(d.trafficAllocation) ? d.trafficAllocation : 0),
    0,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      name,
      description: description || null,
      campaignId,
      variants: drafts.map(toVariantInput),
    };
    const parsed = createAbTestSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: (test) => {
        toast({
          title: 'A/B test created',
          description: `${test.name}: start it when you are ready`,
          variant: 'success',
        });
        onCreated(test.id);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to create the test'),
          variant: 'destructive',
        });
      },
    });
  }

  const variantError = (i: number) =>
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`variants.${i}.`))
      .map(([, message]) => message)
      .join(' · ') || undefined;

  return (
    <form className="grid gap-6" onSubmit={submit} noValidate data-testid="ab-test-form">
      <Card>
        <CardHeader>
          <CardTitle>The test</CardTitle>
          <CardDescription>Variants run on triggers of one campaign.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              placeholder="Spring offer: banner or discount?"
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.name ? true : undefined}
            />
            <FieldError id={`${id}-name-error`} message={errors.name} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-description`}>What are you testing? (optional)</Label>
            <Textarea
              id={`${id}-description`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-campaign`}>Campaign</Label>
            <NativeSelect
              id={`${id}-campaign`}
              value={campaignId || ''}
              onChange={(e) => setCampaignId(Number(e.target.value) || 0)}
            >
              <option value="">Choose a campaign</option>
              {(campaigns.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={`${id}-campaign-error`} message={errors.campaignId} />
            {campaignId > 0 && campaign.data && triggers.length === 0 ? (
              <p className="text-sm text-amber-700">
                This campaign has no triggers yet: add one on the campaign page.
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>

      {drafts.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Variants</CardTitle>
            <CardDescription>
              Each listener gets one variant and keeps it. Variants on the same trigger split its listeners by
              traffic; a link opens through a tracked redirect, so clicks count as conversions.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {drafts.map((draft, i) => (
              <VariantEditor
                key={draft.key}
                draft={draft}
                index={i}
                triggers={triggers}
                segments={segments.data?.segments ?? []}
                error={variantError(i)}
                onChange={(next) => setDrafts((list) => list.map((d) => (d.key === draft.key ? next : d)))}
                onRemove={
                  drafts.length > 2
                    ? () => setDrafts((list) => list.filter((d) => d.key !== draft.key))
                    : undefined
                }
              />
            ))}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Button
                type="button"
                variant="outline"
                disabled={drafts.length >= MAX_VARIANTS}
                onClick={() => setDrafts((list) => withVariant(list, firstTrigger))}
              >
                <Plus /> Add variant
              </Button>
              <p
                className={total === 100 ? 'text-sm text-emerald-700' : 'text-sm font-medium text-rose-600'}
                data-testid="traffic-total"
              >
                Traffic: {total} % {total === 100 ? '✓' : '(must be 100 %)'}
              </p>
            </div>
            <FieldError id={`${id}-variants-error`} message={errors.variants} />
          </CardContent>
        </Card>
      ) : null}

      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending || drafts.length === 0} data-testid="create-ab-test">
          Create test
        </Button>
      </div>
    </form>
  );
}
