import { CloudOff, Mic, MicOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { ListenerState } from '../hooks/use-listener';
import { LevelVisual } from './level-visual';

const STATUS_TEXT: Record<ListenerState, string> = {
  idle: 'Press Start Listening and allow the microphone.',
  starting: 'Starting the microphone...',
  listening: 'Listening for trigger tones...',
  native: 'Listening in the background service...',
};

interface ListeningPanelProps {
  state: ListenerState;
  levels: number[];
  microphoneError: string | null;
  triggerCount: number | undefined;
  /** Opened from a listening link (docs/decisions/listening-links.md): its triggers only. */
  scoped: boolean;
  /** Detections on this device not yet answered by the server. */
  queued: number;
  online: boolean;
  onStart: () => void;
  onStop: () => void;
}

export function ListeningPanel({
  state,
  levels,
  microphoneError,
  triggerCount,
  scoped,
  queued,
  online,
  onStart,
  onStop,
}: ListeningPanelProps) {
  const active = state === 'listening' || state === 'native';
  return (
    <Card data-testid="listening-panel">
      <CardContent className="flex flex-col items-center gap-5 py-8 text-center">
        <Badge tone={active ? 'emerald' : 'slate'} data-testid="listener-status">
          <span
            className={
              active
                ? 'size-1.5 animate-pulse rounded-full bg-emerald-500'
                : 'size-1.5 rounded-full bg-slate-400'
            }
          />
          {active ? 'Active' : 'Inactive'}
        </Badge>
        <LevelVisual levels={levels} active={state === 'listening'} />
        <p className="text-sm text-slate-600" aria-live="polite">
          {STATUS_TEXT[state]}
        </p>
        {active ? (
          <Button size="lg" variant="destructive" onClick={onStop}>
            <MicOff /> Stop Listening
          </Button>
        ) : (
          <Button size="lg" onClick={onStart} disabled={state === 'starting'}>
            {state === 'starting' ? <Spinner /> : <Mic />} Start Listening
          </Button>
        )}
        {microphoneError ? (
          <p className="max-w-md text-sm text-red-600" role="alert">
            Could not use the microphone ({microphoneError}). Allow microphone access for this site and try
            again.
          </p>
        ) : null}
        {!online || queued > 0 ? (
          <p
            className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800"
            data-testid="listener-connection"
            role="status"
          >
            <CloudOff className="size-4 shrink-0" aria-hidden />
            {online
              ? `Sending ${queued === 1 ? '1 detection' : `${queued} detections`}...`
              : `Offline: waiting for connection${queued > 0 ? ` (${queued === 1 ? '1 detection' : `${queued} detections`} queued)` : ''}. Public triggers still run.`}
          </p>
        ) : null}
        {triggerCount !== undefined ? (
          <p className="text-xs text-slate-400" data-testid="listener-trigger-count">
            {triggerCount === 1 ? '1 active trigger' : `${triggerCount} active triggers`}
            {scoped ? ' from this listening link' : null}
          </p>
        ) : null}
        {scoped && !active ? (
          // A full load, not a route change: the page reads its link once, when it opens.
          <a className="text-xs font-medium text-indigo-600 hover:underline" href="/listener">
            Listen for every trigger instead
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}
