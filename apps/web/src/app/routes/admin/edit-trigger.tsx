import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-me';
import { OwnerSelect } from '@/features/teams/components/owner-fields';
import { useTeamAccess } from '@/features/teams/hooks/use-team-access';
import { useTrigger } from '@/features/triggers/api/get-trigger';
import { useUpdateTrigger } from '@/features/triggers/api/update-trigger';
import { TriggerFormCard } from '@/features/triggers/components/trigger-form-card';
import { TriggerToneCard } from '@/features/triggers/components/trigger-tone-card';
import { toastTriggerSaveError } from '@/features/triggers/lib/save-errors';
import { formValuesFromTrigger } from '@/features/triggers/lib/trigger-form-values';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';

function TriggerNotFound() {
  return (
    <Card className="mx-auto max-w-md p-8 text-center" data-testid="trigger-not-found">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <FileQuestion className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Trigger not found</h1>
      <p className="mt-2 text-sm text-slate-500">
        It may have been deleted, or it belongs to another account.
      </p>
      <Link to="/admin/manage-triggers" className={buttonVariants({ className: 'mt-6' })}>
        Back to Manage Triggers
      </Link>
    </Card>
  );
}

export function EditTriggerRoute() {
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const { data: user } = useUser();
  const triggerQuery = useTrigger(id, { enabled: validId });
  const updateMutation = useUpdateTrigger();
  const access = useTeamAccess();
  // Issue 13: a new owner chosen on this page (undefined: unchanged).
  const [movedTo, setMovedTo] = useState<number | null | undefined>(undefined);
  const roleReadOnly = user?.role === 'viewer';

  if (!validId) return <TriggerNotFound />;
  if (triggerQuery.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Loading trigger" />
      </div>
    );
  }
  if (triggerQuery.isError) {
    const error = triggerQuery.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 403))
      return <TriggerNotFound />;
    return (
      <p className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700" role="alert">
        Could not load the trigger: {error.message}
      </p>
    );
  }

  const trigger = triggerQuery.data;
  // A team's viewer sees the team's trigger and changes nothing (issue 13).
  const teamReadOnly =
    !roleReadOnly && !access.canWrite({ ownerId: trigger.creatorId, teamId: trigger.teamId });
  const readOnly = roleReadOnly || teamReadOnly;

  return (
    <div>
      <Link
        to="/admin/manage-triggers"
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" /> Manage Triggers
      </Link>
      <PageHeader
        title="Edit Trigger"
        description={`Change "${trigger.name}". Listeners pick up the new pattern.`}
      />
      <div className="grid gap-6">
        <TriggerToneCard trigger={trigger} />
        <TriggerFormCard
          key={trigger.id}
          readOnlyNotice={
            readOnly
              ? teamReadOnly
                ? `You are a viewer of the team ${access.teamName(trigger.teamId) ?? ''}: you can see this trigger, not change it.`
                : 'Your account has the viewer role, which is read-only.'
              : null
          }
          noticeTestId="read-only-notice"
          ownerSelect={
            !readOnly && (trigger.creatorId === user?.id || user?.role === 'admin')
              ? (error) => (
                  <OwnerSelect
                    value={movedTo === undefined ? trigger.teamId : movedTo}
                    onChange={setMovedTo}
                    error={error}
                  />
                )
              : undefined
          }
          mode="edit"
          saving={updateMutation}
          triggerId={trigger.id}
          initialValues={formValuesFromTrigger(trigger)}
          readOnly={readOnly}
          onSubmit={(payload) =>
            updateMutation.mutate(
              {
                id: trigger.id,
                data:
                  movedTo !== undefined && movedTo !== trigger.teamId
                    ? { ...payload, teamId: movedTo }
                    : payload,
              },
              {
                onSuccess: (saved) => {
                  toast({ title: 'Trigger Updated', description: `"${saved.name}" was saved.` });
                  navigate('/admin/manage-triggers');
                },
                onError: toastTriggerSaveError,
              },
            )
          }
        />
      </div>
    </div>
  );
}
