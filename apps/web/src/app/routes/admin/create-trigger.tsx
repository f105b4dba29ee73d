import { ERROR_TEXTS, type Trigger } from '@tonemark/shared';
import { CircleCheck, Link2, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/features/auth/api/get-me';
import { useCreateTrigger } from '@/features/triggers/api/create-trigger';
import { TriggerForm } from '@/features/triggers/components/trigger-form';
import { TriggerTypeBadge } from '@/features/triggers/components/trigger-type-badge';
import { EMPTY_TRIGGER_FORM } from '@/features/triggers/lib/trigger-form-values';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';

const PIPELINE_NOTE = 'Embedding arrives with the media pipeline.';

function EmbedStep({ trigger, onSkip }: { trigger: Trigger; onSkip: () => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Embed Your Trigger</CardTitle>
          <CardDescription>
            Mix the trigger's tones into an audio or video file so listeners can detect it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="url">
            <TabsList className="w-full sm:w-auto">
              <TabsTrigger value="url" className="flex-1 sm:flex-none">
                <Link2 /> URL-based Media
              </TabsTrigger>
              <TabsTrigger value="upload" className="flex-1 sm:flex-none">
                <Upload /> Upload Media File
              </TabsTrigger>
            </TabsList>
            <TabsContent value="url">
              <div className="grid gap-4">
                <div className="grid gap-1.5">
                  <Label htmlFor="embed-media-url">Media URL</Label>
                  <Input id="embed-media-url" placeholder="https://example.com/audio.mp3" disabled />
                  <p className="text-xs text-slate-500">
                    Direct audio or video file URLs; YouTube pages are not supported.
                  </p>
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="embed-start-url">Start time (seconds)</Label>
                  <Input id="embed-start-url" type="number" min={0} step={0.1} defaultValue={0} disabled />
                </div>
              </div>
            </TabsContent>
            <TabsContent value="upload">
              <div className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-200 px-6 py-8 text-center">
                <Upload className="size-6 text-slate-300" />
                <p className="text-sm font-medium text-slate-600">Drop an audio or video file</p>
                <p className="text-xs text-slate-400">MP3, WAV, MP4, WEBM up to 100MB</p>
              </div>
            </TabsContent>
          </Tabs>
          <div className="mt-5 flex flex-col gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
            <span>
              <Badge tone="amber" className="mr-2">
                Not built yet
              </Badge>
              {PIPELINE_NOTE}
            </span>
          </div>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onSkip}>
              Skip Embedding
            </Button>
            <Button disabled title={PIPELINE_NOTE}>
              Embed Trigger
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card className="border-emerald-200 bg-emerald-50/50" data-testid="trigger-created-panel">
        <CardHeader>
          <div className="flex items-center gap-2 text-emerald-700">
            <CircleCheck className="size-5" />
            <CardTitle className="text-emerald-800">Trigger created</CardTitle>
          </div>
          <CardDescription>It is saved and ready for embedding.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium text-slate-900">{trigger.name}</span>
            <TriggerTypeBadge type={trigger.type} />
          </div>
          <div className="font-mono text-xs text-slate-600">{trigger.frequencyPattern.join(' · ')} Hz</div>
          <div className="text-xs text-slate-500">Status: {trigger.status}</div>
        </CardContent>
      </Card>
    </div>
  );
}

export function CreateTriggerRoute() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const createMutation = useCreateTrigger();
  const [created, setCreated] = useState<Trigger | null>(null);
  const readOnly = user?.role === 'viewer';
  const progress = created ? 50 : createMutation.isPending ? 45 : 0;
  const serverErrors = createMutation.error instanceof ApiError ? createMutation.error.fields : undefined;

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
        <EmbedStep trigger={created} onSkip={skipEmbedding} />
      ) : (
        <Card>
          <CardContent className="pt-5">
            {readOnly ? (
              <p className="mb-5 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
                Your account has the viewer role, which is read-only. Ask an admin for creator access to
                create triggers.
              </p>
            ) : null}
            <TriggerForm
              initialValues={EMPTY_TRIGGER_FORM}
              submitLabel="Create Trigger"
              pendingLabel="Creating…"
              isPending={createMutation.isPending}
              serverErrors={serverErrors}
              readOnly={readOnly}
              secondaryAction={
                <Link to="/admin/manage-triggers" className={buttonVariants({ variant: 'outline' })}>
                  Cancel
                </Link>
              }
              onSubmit={(payload) =>
                createMutation.mutate(payload, {
                  onSuccess: (trigger) => setCreated(trigger),
                  onError: (error) =>
                    toast({
                      title: 'Error',
                      description: errorMessage(
                        error,
                        error instanceof TypeError
                          ? ERROR_TEXTS.requestFailed
                          : ERROR_TEXTS.saveTriggerFailed,
                      ),
                      variant: 'destructive',
                    }),
                })
              }
            />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
