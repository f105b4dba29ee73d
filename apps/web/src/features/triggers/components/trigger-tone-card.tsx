import { type Trigger, triggerToneKey } from '@tonemark/shared';
import { ChartColumn, Download, Volume2 } from 'lucide-react';
import { Link } from 'react-router';
import { IconCardTitle } from '@/components/icon-card-title';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { TRIGGER_SIGNAL_INFO } from '@/lib/trigger-signal-info';
import { triggerActivationsPath } from '../lib/trigger-links';

/** A safe file name for the tone download: the trigger's name, then .wav. */
export function toneFileName(name: string): string {
  const base = name
    .trim()
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'trigger'}-tone.wav`;
}

/** The trigger's stored tone (DESIGN §3) to hear and download, and a way to its activations. */
export function TriggerToneCard({ trigger }: { trigger: Trigger }) {
  const src = `/media/${triggerToneKey(trigger.publicId)}`;
  return (
    <Card data-testid="trigger-tone">
      <CardHeader>
        <IconCardTitle icon={Volume2}>Trigger tone</IconCardTitle>
        <CardDescription>
          {trigger.frequencyPattern.join(' · ')} Hz, {(trigger.durationMs / 1000).toFixed(1)} s,{' '}
          {TRIGGER_SIGNAL_INFO[trigger.signal].label.toLowerCase()} (
          {TRIGGER_SIGNAL_INFO[trigger.signal].band}). After a pattern change, save to hear the new tone.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 md:flex-row md:items-center">
        {/* biome-ignore lint/a11y/useMediaCaption: a tone of four beeps has no words to caption. */}
        <audio
          controls
          preload="none"
          src={src}
          className="w-full md:max-w-md"
          data-testid="trigger-tone-audio"
        />
        <div className="flex flex-wrap gap-2">
          <a
            href={src}
            download={toneFileName(trigger.name)}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            data-testid="download-tone"
          >
            <Download /> Download WAV
          </a>
          <Link
            to={triggerActivationsPath(trigger.id)}
            className={buttonVariants({ variant: 'ghost', size: 'sm' })}
            data-testid="trigger-activations-link"
          >
            <ChartColumn /> {trigger.activationCount.toLocaleString('en-US')} activations
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
