import { AudioWaveform, Ear, Zap } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const STEPS = [
  {
    icon: AudioWaveform,
    title: 'Media plays a trigger',
    text: 'A video, stream or ad carries a short sequence of tones mixed quietly into its sound.',
  },
  {
    icon: Ear,
    title: 'This page listens',
    text: 'Your microphone audio is analysed right here in the browser; nothing is recorded or uploaded.',
  },
  {
    icon: Zap,
    title: 'The action runs',
    text: 'When the tone pattern matches a trigger, its action runs: a link, an app, or a reward.',
  },
];

export function HowItWorks() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>How it works</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
                <Icon className="size-4" aria-hidden />
              </span>
              <div>
                <p className="text-sm font-medium text-slate-900">
                  {index + 1}. {title}
                </p>
                <p className="text-sm text-slate-500">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
