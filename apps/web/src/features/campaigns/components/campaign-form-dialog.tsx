import { CAMPAIGN_STATUSES, type Campaign, createCampaignSchema } from '@tonemark/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { OwnerSelect } from '@/features/teams';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';
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
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<CampaignFormValues>(() => campaignFormValues(campaign));
  const { name, description, status } = values;
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Issue 13: who owns the campaign; changing it on edit moves the campaign with its triggers.
  const [teamId, setTeamId] = useState<number | null>(campaign?.teamId ?? null);
  const moving = campaign !== undefined && teamId !== campaign.teamId;
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const pending = create.isPending || update.isPending;

  // Each opening starts from the campaign as it is now: it may have been archived or renamed since
  // the dialog was last open, and saving stale values would quietly undo that.
  function changeOpen(next: boolean) {
    if (next) {
      setValues(campaignFormValues(campaign));
      setTeamId(campaign?.teamId ?? null);
      setErrors({});
    }
    setOpen(next);
  }

  function change<K extends keyof CampaignFormValues>(field: K, value: CampaignFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { name, description: description || null, status };
    const parsed = createCampaignSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    const handlers = {
      onSuccess: (saved: Campaign) => {
        toast({
          title: campaign ? 'Campaign Updated' : 'Campaign Created',
          description: saved.name,
          variant: 'success',
        });
        setOpen(false);
        onSaved?.(saved);
      },
      onError: (error: Error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to save campaign'),
          variant: 'destructive',
        });
      },
    };
    if (campaign) update.mutate({ id: campaign.id, input: moving ? { ...input, teamId } : input }, handlers);
    else create.mutate({ ...input, teamId }, handlers);
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{campaign ? 'Edit campaign' : 'New campaign'}</DialogTitle>
          <DialogDescription>
            Group triggers that run together, then follow their activations.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate data-testid="campaign-form">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(e) => change('name', e.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
            />
            <FieldError id={`${id}-name-error`} message={errors.name} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea
              id={`${id}-description`}
              value={description}
              onChange={(e) => change('description', e.target.value)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${id}-description-error` : undefined}
            />
            <FieldError id={`${id}-description-error`} message={errors.description} />
          </div>
          <OwnerSelect value={teamId} onChange={setTeamId} error={errors.teamId} />
          {moving && campaign.triggerCount > 0 ? (
            <p
              className="rounded-lg bg-violet-50 px-3 py-2 text-xs text-violet-900"
              data-testid="campaign-move-note"
            >
              Its {campaign.triggerCount} trigger{campaign.triggerCount === 1 ? '' : 's'} and A/B tests move
              with it
              {teamId === null ? '' : ', and its active triggers count against the team owner’s plan'}.
            </p>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-status`}>Status</Label>
            <Select value={status} onValueChange={(v) => isCampaignStatus(v) && change('status', v)}>
              <SelectTrigger id={`${id}-status`}>
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
            <FieldError id={`${id}-status-error`} message={errors.status} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : campaign ? 'Save changes' : 'Create campaign'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
