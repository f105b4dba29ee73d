import { Mic, MicOff, ShieldAlert } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { TitledCard } from '@/components/titled-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { DetectionsList } from '@/features/listener/components/detections-list';
import { LevelVisual } from '@/features/listener/components/level-visual';
import { RealtimeStatus } from '@/features/listener/components/realtime-status';
import { AvailableTriggers } from '@/features/simulator/components/available-triggers';
import { useSimulator } from '@/features/simulator/hooks/use-simulator';

/** SPEC §2.8 Mobile Simulator. */
export function MobileSimulatorRoute() {
  const { triggersQuery, detections, microphone, start } = useSimulator();
  const listening = microphone.state === 'listening';
  return (
    <div data-testid="mobile-simulator">
      <PageHeader
        title="Mobile Simulator"
        description="Test trigger detection in the browser, as a phone with the app would."
        actions={<RealtimeStatus />}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-2">
            <CardTitle>Listener</CardTitle>
            <Badge tone={listening ? 'emerald' : 'slate'} data-testid="simulator-status">
              {listening ? 'Active' : 'Inactive'}
            </Badge>
          </CardHeader>
          <CardContent className="grid gap-5">
            <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
              <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              The simulator needs microphone access. Your browser will ask; audio is analysed on this device
              and never uploaded.
            </p>
            <LevelVisual levels={microphone.levels} active={listening} />
            <div className="flex justify-center">
              {listening ? (
                <Button variant="destructive" onClick={() => void microphone.stop()}>
                  <MicOff /> Stop Listening
                </Button>
              ) : (
                <Button onClick={start} disabled={microphone.state === 'starting' || triggersQuery.isPending}>
                  {microphone.state === 'starting' ? <Spinner /> : <Mic />} Start Listening
                </Button>
              )}
            </div>
            {microphone.error ? (
              <p className="text-sm text-red-600" role="alert">
                Could not use the microphone ({microphone.error}).
              </p>
            ) : null}
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Detected Triggers</h3>
              <DetectionsList detections={detections} emptyText="No triggers detected yet." />
            </div>
          </CardContent>
        </Card>
        <TitledCard title="Available Triggers">
          {triggersQuery.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : triggersQuery.isError ? (
            <p className="text-sm text-red-600" role="alert">
              Could not load triggers: {triggersQuery.error.message}
            </p>
          ) : (
            <AvailableTriggers triggers={triggersQuery.data} />
          )}
        </TitledCard>
      </div>
    </div>
  );
}
