import { ArrowRight, CirclePlus, Film, Headphones, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

interface Step {
  title: string;
  icon: LucideIcon;
  body: string;
  link: { to: string; label: string };
}

const STEPS: Step[] = [
  {
    title: 'Create a trigger',
    icon: CirclePlus,
    body: 'Name it, choose what it does (open a link, launch an app, show a reward or a custom action) and set its four tones. Leave it active so listeners can hear it.',
    link: { to: '/admin/create-trigger', label: 'Create Trigger' },
  },
  {
    title: 'Embed it in your media',
    icon: Film,
    body: 'Mix the trigger into an audio or video file at the moment it should fire, or process just one segment. Download the result and publish it wherever your audience hears it.',
    link: { to: '/admin/embed-trigger', label: 'Embed in Media' },
  },
  {
    title: 'Listen for it',
    icon: Headphones,
    body: 'Open the Listener on a phone or laptop, press Start Listening and play your media. Each detection runs the action and shows up on Analytics.',
    link: { to: '/listener', label: 'Open the Listener' },
  },
];

/** Create, embed, listen: the three steps from nothing to a first activation. */
export function GettingStartedSteps() {
  return (
    <ol className="grid gap-4 md:grid-cols-3" data-testid="getting-started">
      {STEPS.map((step, index) => {
        const Icon = step.icon;
        return (
          <li key={step.title} className="min-w-0">
            <Card className="flex h-full flex-col gap-3 p-5">
              <div className="flex items-center gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                  <Icon className="size-[18px]" />
                </span>
                <div>
                  <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">
                    Step {index + 1}
                  </p>
                  <h3 className="font-semibold text-slate-900">{step.title}</h3>
                </div>
              </div>
              <p className="flex-1 text-sm text-slate-600">{step.body}</p>
              <Link
                to={step.link.to}
                className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline"
              >
                {step.link.label} <ArrowRight className="size-4" />
              </Link>
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
