import type { EmbedResult, MediaFile, Trigger } from '@tonemark/shared';
import { LayoutDashboard, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmbedResultCard } from '@/features/media/components/embed-result-card';
import { WizardEmbedStep } from '@/features/media/components/wizard-embed-step';
import { WizardProgress } from '@/features/media/components/wizard-progress';
import { WizardUploadStep } from '@/features/media/components/wizard-upload-step';
import {
  nextWizardStep,
  WIZARD_FAILURE_TEXTS,
  WIZARD_STEP_LABELS,
  type WizardStep,
} from '@/features/media/lib/flow-progress';
import { mediaErrorText } from '@/features/media/lib/media-errors';
import { useCreateTrigger } from '@/features/triggers/api/create-trigger';
import { TriggerForm } from '@/features/triggers/components/trigger-form';
import { planLimitMessageOf, triggerSaveErrors } from '@/features/triggers/lib/save-errors';
import { EMPTY_TRIGGER_FORM } from '@/features/triggers/lib/trigger-form-values';
import { toast } from '@/hooks/use-toast';

const STEP_HINTS: Record<WizardStep, string> = {
  uploadMedia: 'Choose the audio or video your audience will hear.',
  createTrigger: 'Define the tone pattern and what happens when a listener hears it.',
  embedTrigger: 'Pick the second where the trigger should start.',
  complete: 'Your media now carries the trigger.',
};

/** SPEC §2.16 Create Interactive Media wizard; each step moves on only after the server agrees. */
export function UnifiedTriggerRoute() {
  const [step, setStep] = useState<WizardStep>('uploadMedia');
  const [media, setMedia] = useState<MediaFile | null>(null);
  const [trigger, setTrigger] = useState<Trigger | null>(null);
  const [result, setResult] = useState<EmbedResult | null>(null);
  const createTrigger = useCreateTrigger();

  const advance = () => setStep((current) => nextWizardStep(current));
  const fail = (message: string) => toast({ title: 'Error', description: message, variant: 'destructive' });

  return (
    <div>
      <PageHeader
        title="Create Interactive Media"
        description="From a media file to an embedded trigger in four steps."
      />
      <WizardProgress step={step} />
      <Card>
        <CardHeader>
          <CardTitle>{WIZARD_STEP_LABELS[step]}</CardTitle>
          <CardDescription>{STEP_HINTS[step]}</CardDescription>
        </CardHeader>
        <CardContent>
          {step === 'uploadMedia' ? (
            <WizardUploadStep
              onFailed={fail}
              onUploaded={(uploaded) => {
                setMedia(uploaded);
                advance();
              }}
            />
          ) : null}
          {step === 'createTrigger' ? (
            <TriggerForm
              initialValues={{ ...EMPTY_TRIGGER_FORM, name: media ? `${media.title} trigger` : '' }}
              submitLabel="Create Trigger"
              pendingLabel="Processing..."
              isPending={createTrigger.isPending}
              serverErrors={triggerSaveErrors(createTrigger.error)}
              onSubmit={(payload) =>
                // The trigger goes where the media went, so the embed links assets of one owner.
                createTrigger.mutate(
                  { ...payload, teamId: media?.teamId ?? null },
                  {
                    onSuccess: (created) => {
                      setTrigger(created);
                      advance();
                    },
                    onError: (error) =>
                      fail(
                        planLimitMessageOf(error) ?? mediaErrorText(error, WIZARD_FAILURE_TEXTS.createFailed),
                      ),
                  },
                )
              }
            />
          ) : null}
          {step === 'embedTrigger' ? (
            <WizardEmbedStep
              media={media}
              trigger={trigger}
              onFailed={fail}
              onEmbedded={(embedded) => {
                setResult(embedded);
                advance();
              }}
            />
          ) : null}
          {step === 'complete' ? (
            <div className="grid gap-5">
              {result ? <EmbedResultCard result={result} /> : null}
              <div className="flex flex-col gap-2 sm:flex-row">
                <Link to="/admin/manage-triggers" className={buttonVariants()}>
                  <ListChecks /> View All Triggers
                </Link>
                <Link to="/admin" className={buttonVariants({ variant: 'outline' })}>
                  <LayoutDashboard /> Go to Dashboard
                </Link>
              </div>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
