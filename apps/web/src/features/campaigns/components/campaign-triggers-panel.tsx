import type { Campaign, Trigger } from '@tonemark/shared';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TriggerTypeBadge } from '@/components/trigger-type-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CopyListeningLinkButton, useTriggers } from '@/features/triggers';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { useAssignTrigger, useRemoveTrigger } from '../api/campaign-triggers';
import { activationCountLabel } from '../lib/activation-count';

/** The campaign's triggers, with adding one of the owner's other triggers and removing. */
export function CampaignTriggersPanel({
  campaign,
  triggers,
  readOnly,
}: {
  campaign: Campaign;
  triggers: Trigger[];
  readOnly: boolean;
}) {
  const { data: all = [] } = useTriggers();
  const assign = useAssignTrigger();
  const remove = useRemoveTrigger();
  const [choice, setChoice] = useState('');
  // Only triggers of the campaign's owner join it: the same team, or the same person's own (issue 13).
  const sameOwner = (t: (typeof all)[number]) =>
    campaign.teamId !== null
      ? t.teamId === campaign.teamId
      : t.teamId === null && t.creatorId === campaign.ownerId;
  const candidates = all.filter((t) => sameOwner(t) && t.campaignId !== campaign.id);

  function add() {
    const triggerId = Number(choice);
    if (!triggerId) return;
    assign.mutate(
      { campaignId: campaign.id, triggerId },
      {
        onSuccess: (t) => {
          setChoice('');
          toast({
            title: 'Trigger added',
            description: `"${t.name}" is now part of ${campaign.name}.`,
            variant: 'success',
          });
        },
        onError: (error) => toastFailure(error, 'Failed to add trigger'),
      },
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Triggers</CardTitle>
          <CardDescription>Triggers in this campaign count their activations towards it.</CardDescription>
        </div>
        {/* Every trigger of the campaign: one paused now is listened for once it runs again. */}
        <CopyListeningLinkButton triggers={triggers} label={`the triggers of ${campaign.name}`} />
      </CardHeader>
      <CardContent className="grid gap-4">
        {readOnly ? null : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Select value={choice} onValueChange={setChoice}>
              <SelectTrigger
                className="sm:flex-1"
                aria-label="Trigger to add"
                data-testid="assign-trigger-select"
              >
                <SelectValue
                  placeholder={candidates.length ? 'Choose a trigger to add' : 'No other triggers to add'}
                />
              </SelectTrigger>
              <SelectContent>
                {candidates.map((t) => (
                  <SelectItem key={t.id} value={String(t.id)}>
                    {t.name}
                    {t.campaignId ? ' (in another campaign)' : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button onClick={add} disabled={!choice || assign.isPending} data-testid="assign-trigger-button">
              <Plus /> Add trigger
            </Button>
          </div>
        )}
        {triggers.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-200 p-6 text-center text-sm text-slate-500">
            No triggers in this campaign yet.{' '}
            <Link to="/admin/create-trigger" className="font-medium text-indigo-600 hover:underline">
              Create one
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {triggers.map((t) => (
              <li key={t.id} className="flex items-center gap-3 px-4 py-3" data-testid="campaign-trigger-row">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/admin/edit-trigger/${t.id}`}
                    className="font-medium text-slate-900 hover:text-indigo-700"
                  >
                    {t.name}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {t.status} · {activationCountLabel(t.activationCount)}
                  </p>
                </div>
                <TriggerTypeBadge type={t.type} />
                {readOnly ? null : (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove ${t.name} from the campaign`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(
                        { campaignId: campaign.id, triggerId: t.id },
                        {
                          onError: (error) => toastFailure(error, 'Failed to remove trigger'),
                        },
                      )
                    }
                  >
                    <X />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
