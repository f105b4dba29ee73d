import { BatteryCharging, Smartphone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { NativeBackground } from '../lib/native-background';

interface BackgroundModeCardProps {
  available: boolean;
  enabled: boolean;
  native: NativeBackground;
  onEnable: () => void;
  onDisable: () => void;
}

/** SPEC §2.7: background mode shown as Available or Enabled, from what this device really offers. */
export function BackgroundModeCard({
  available,
  enabled,
  native,
  onEnable,
  onDisable,
}: BackgroundModeCardProps) {
  const status = enabled ? 'Enabled' : available || native ? 'Available' : 'Unavailable';
  return (
    <Card data-testid="background-mode">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <BatteryCharging className="size-4 text-indigo-600" aria-hidden /> Background mode
        </CardTitle>
        <Badge
          tone={enabled ? 'emerald' : available || native ? 'indigo' : 'slate'}
          data-testid="background-status"
        >
          {status}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-600">
        {native ? (
          <p className="flex items-start gap-2">
            <Smartphone className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
            {native.kind === 'bridge'
              ? 'This app listens in a native background service while it is in the background.'
              : 'This app keeps listening in the background, at most one detection every 3 seconds.'}
          </p>
        ) : (
          <p>
            Keeps the screen awake while you listen and notifies you of detections when this tab is in the
            background.
          </p>
        )}
        {enabled ? (
          <Button variant="outline" size="sm" onClick={onDisable}>
            Turn off background mode
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={onEnable}>
            Enable background mode
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
