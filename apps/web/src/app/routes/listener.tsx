import { PublicLayout } from '@/components/layouts/public-layout';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { BackgroundModeCard } from '@/features/listener/components/background-mode-card';
import { DetectionsList } from '@/features/listener/components/detections-list';
import { HowItWorks } from '@/features/listener/components/how-it-works';
import { ListeningPanel } from '@/features/listener/components/listening-panel';
import { useInstallableListener } from '@/features/listener/hooks/use-installable-listener';
import { useListener } from '@/features/listener/hooks/use-listener';
import { RewardCards } from '@/features/rewards/components/reward-cards';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** SPEC §2.7: the public listener, no sign-in. */
export function ListenerRoute() {
  useDocumentTitle('Listener');
  const listener = useListener();
  useInstallableListener();
  return (
    <PublicLayout>
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Sound Trigger Listener
        </h1>
        <p className="mt-1 text-sm text-slate-500 sm:text-base">
          Listen for Tonemark triggers in the sound around you and run their actions.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <RewardCards />
          <ListeningPanel
            state={listener.state}
            levels={listener.levels}
            microphoneError={listener.microphoneError}
            triggerCount={listener.triggerCount}
            scoped={listener.scoped}
            queued={listener.queued}
            online={listener.online}
            onStart={() => void listener.start()}
            onStop={() => void listener.stop()}
          />
          <Card>
            <CardHeader>
              <CardTitle>Recent Detections</CardTitle>
            </CardHeader>
            <CardContent>
              <DetectionsList
                detections={listener.detections}
                emptyText="No triggers detected yet. Start listening and play some media with a trigger."
              />
            </CardContent>
          </Card>
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <BackgroundModeCard
            available={listener.background.available}
            enabled={listener.background.enabled}
            native={listener.native}
            onEnable={() => void listener.background.enable()}
            onDisable={listener.background.disable}
          />
          <HowItWorks />
        </div>
      </div>
    </PublicLayout>
  );
}
