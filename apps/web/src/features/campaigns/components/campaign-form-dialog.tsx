import { CAMPAIGN_STATUSES, type Campaign, createCampaignSchema } from '@tonemark/shared';
import { type ReactNode, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Field, SubmitButton, TextField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { OwnerSelect } from '@/features/teams';
import { useSaveDialog } from '@/hooks/use-save-dialog';
import { useCreateCampaign, useUpdateCampaign } from '../api/save-campaign';
import {
  type CampaignFormValues,
  campaignFormValues,
  isCampaignStatus,
  withoutError,
} from '../lib/campaign-form-values';

/** Create (no campaign) or edit (campaign given); the shared contract checks both sides. */
export function CampaignFormDialog({
  campaign,
  trigger,
  onSaved,
}: {
  campaign?: Campaign;
  trigger: ReactNode;
  onSaved?: (saved: Campaign) => void;
}) {
  const [values, setValues] = useState<CampaignFormValues>(() => campaignFormValues(campaign));
  const { name, description, status } = values;
  // Issue 13: who owns the campaign; changing it on edit moves the campaign with its triggers.
  const [teamId, setTeamId] = useState<number | null>(campaign?.teamId ?? null);
  const moving = campaign !== undefined && teamId !== campaign.teamId;
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const pending = create.isPending || update.isPending;
  const { form, errors, setErrors, close } = useSaveDialog({
    noun: 'campaign',
    editing: campaign !== undefined,
    reset: () => {
      setValues(campaignFormValues(campaign));
      setTeamId(campaign?.teamId ?? null);
    },
    input: () => ({ name, description: description || null, status }),
    schema: createCampaignSchema,
    save: (input, handlers) => {
      if (campaign)
        update.mutate({ id: campaign.id, input: moving ? { ...input, teamId } : input }, handlers);
      else create.mutate({ ...input, teamId }, handlers);
    },
    outcome: {
      notice: campaign ? 'Campaign Updated' : 'Campaign Created',
      name: (saved: Campaign) => saved.name,
      failure: 'Failed to save campaign',
      onSaved,
    },
  });

  function change<K extends keyof CampaignFormValues>(field: K, value: CampaignFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  }

  return (
    <FormDialog
      form={form}
      trigger={trigger}
      description="Group triggers that run together, then follow their activations."
      footer={
        <>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <SubmitButton pending={pending} pendingLabel="Saving…">
            {campaign ? 'Save changes' : 'Create campaign'}
          </SubmitButton>
        </>
      }
    >
      <TextField label="Name" value={name} onChange={(v) => change('name', v)} error={errors.name} />
      <TextField
        label="Description"
        multiline
        value={description}
        onChange={(v) => change('description', v)}
        error={errors.description}
      />
      <OwnerSelect value={teamId} onChange={setTeamId} error={errors.teamId} />
      {moving && campaign.triggerCount > 0 ? (
        <p
          className="rounded-lg bg-violet-50 px-3 py-2 text-xs text-violet-900"
          data-testid="campaign-move-note"
        >
          Its {campaign.triggerCount} trigger{campaign.triggerCount === 1 ? '' : 's'} and A/B tests move with
          it
          {teamId === null ? '' : ', and its active triggers count against the team owner’s plan'}.
        </p>
      ) : null}
      <Field label="Status" error={errors.status}>
        {(control) => (
          <Select value={status} onValueChange={(v) => isCampaignStatus(v) && change('status', v)}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CAMPAIGN_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
    </FormDialog>
  );
}
