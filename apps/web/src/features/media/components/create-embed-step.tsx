import { type EmbedResult, REDIRECT_AFTER_EMBED_MS, type Trigger } from '@tonemark/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TriggerTypeBadge } from '@/features/triggers/components/trigger-type-badge';
import { EmbedMediaForm } from './embed-media-form';
import { EmbedResultCard } from './embed-result-card';

/** SPEC §4: after a successful embed the page goes to Manage Triggers after 3 seconds. */
function useRedirectAfterEmbed(embedded: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!embedded) return;
    const timer = setTimeout(() => navigate('/admin/manage-triggers'), REDIRECT_AFTER_EMBED_MS);
    return () => clearTimeout(timer);
  }, [embedded, navigate]);
}

/** Create Trigger step 2 (SPEC §2.5): embed the new trigger, or skip. */
export function CreateEmbedStep({
  trigger,
  result,
  onEmbedded,
  onSkip,
}: {
  trigger: Trigger;
  result: EmbedResult | null;
  onEmbedded: (result: EmbedResult) => void;
  onSkip: () => void;
}) {
  useRedirectAfterEmbed(result !== null);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Embed Your Trigger</CardTitle>
          <CardDescription>
            Mix the trigger's tones into an audio or video file so listeners can detect it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <EmbedMediaForm
            fixedTrigger={trigger}
            onEmbedded={onEmbedded}
            locked={result !== null}
            secondaryAction={
              <Button variant="outline" onClick={onSkip} disabled={result !== null}>
                Skip Embedding
              </Button>
            }
          />
        </CardContent>
      </Card>

      <div className="grid min-w-0 content-start gap-6">
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
        {result ? (
          <EmbedResultCard
            result={result}
            footer={
              <p className="w-full text-xs text-slate-500" aria-live="polite">
                Going to Manage Triggers in {REDIRECT_AFTER_EMBED_MS / 1000} seconds…
              </p>
            }
          />
        ) : null}
      </div>
    </div>
  );
}
