import type { EmbedResult, Trigger } from '@tonemark/shared';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { TriggerTypeBadge } from '@/components/trigger-type-badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmbedMediaForm } from './embed-media-form';
import { EmbedResultCard } from './embed-result-card';

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
          // SPEC §4 leaves for /manage-triggers 3 s after the embed; the card with its Download
          // stays instead, and the person moves on when ready (docs/decisions/account-and-defects.md).
          <EmbedResultCard
            result={result}
            footer={
              <Link
                to="/admin/manage-triggers"
                className={buttonVariants({ variant: 'outline', className: 'w-full' })}
                data-testid="continue-to-manage"
              >
                Continue to Manage Triggers <ArrowRight />
              </Link>
            }
          />
        ) : null}
      </div>
    </div>
  );
}
