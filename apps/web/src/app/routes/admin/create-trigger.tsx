import type { EmbedResult, Trigger } from '@tonemark/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Progress } from '@/components/ui/progress';
import { useUser } from '@/features/auth/api/get-me';
import { CreateEmbedStep } from '@/features/media/components/create-embed-step';
import { createFlowProgress } from '@/features/media/lib/flow-progress';
import { OwnerSelect } from '@/features/teams/components/owner-fields';
import { useCreateTrigger } from '@/features/triggers/api/create-trigger';
import { TriggerFormCard } from '@/features/triggers/components/trigger-form-card';
import { toastTriggerSaveError } from '@/features/triggers/lib/save-errors';
import { EMPTY_TRIGGER_FORM } from '@/features/triggers/lib/trigger-form-values';
import { toast } from '@/hooks/use-toast';

export function CreateTriggerRoute() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const createMutation = useCreateTrigger();
  const [created, setCreated] = useState<Trigger | null>(null);
  const [embedded, setEmbedded] = useState<EmbedResult | null>(null);
  // Issue 13: personal (null) or one of the teams the account creates in.
  const [teamId, setTeamId] = useState<number | null>(null);
  const readOnly = user?.role === 'viewer';
  const progress = createFlowProgress({
    creating: createMutation.isPending,
    created: created !== null,
    embedded: embedded !== null,
  });

  function skipEmbedding() {
    toast({ title: 'Trigger Created', description: "Now let's embed it in your media content" });
    navigate('/admin/manage-triggers');
  }

  return (
    <div>
      <PageHeader
        title={created ? 'Embed Your Trigger' : 'Create Trigger'}
        description={
          created
            ? 'Step 2 of 2: place the trigger in your media, or skip and do it later.'
            : 'Step 1 of 2: define the tone pattern and what happens when a listener hears it.'
        }
      />
      <div className="mb-6 grid gap-2" data-testid="create-progress">
        <div className="flex justify-between text-xs font-medium text-slate-500">
          <span className={created ? '' : 'text-indigo-700'}>1. Create Trigger</span>
          <span className={created ? 'text-indigo-700' : ''}>2. Embed Your Trigger</span>
        </div>
        <Progress value={progress} label="Create trigger progress" />
      </div>

      {created ? (
        <CreateEmbedStep
          trigger={created}
          result={embedded}
          onEmbedded={setEmbedded}
          onSkip={skipEmbedding}
        />
      ) : (
        <TriggerFormCard
          readOnlyNotice={
            readOnly
              ? 'Your account has the viewer role, which is read-only. Ask an admin for creator access to create triggers.'
              : null
          }
          ownerSelect={
            readOnly
              ? undefined
              : (error) => <OwnerSelect value={teamId} onChange={setTeamId} error={error} />
          }
          mode="create"
          saving={createMutation}
          initialValues={EMPTY_TRIGGER_FORM}
          readOnly={readOnly}
          onSubmit={(payload) =>
            createMutation.mutate(
              { ...payload, teamId },
              {
                onSuccess: (trigger) => setCreated(trigger),
                onError: toastTriggerSaveError,
              },
            )
          }
        />
      )}
    </div>
  );
}
