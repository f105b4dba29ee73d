import { BookOpen, ChartColumn, Headphones, type LucideIcon, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { TitledCard } from '@/components/titled-card';

interface Resource {
  to: string;
  title: string;
  body: string;
  icon: LucideIcon;
}

const RESOURCES: Resource[] = [
  {
    to: '/api-docs',
    title: 'API documentation',
    body: 'Triggers, activations, analytics and webhooks over REST.',
    icon: BookOpen,
  },
  {
    to: '/listener',
    title: 'Listener app',
    body: 'The public page that hears triggers through the microphone.',
    icon: Headphones,
  },
  {
    to: '/admin/mobile-simulator',
    title: 'Mobile Simulator',
    body: 'Play test sounds and watch detections as a phone would.',
    icon: Smartphone,
  },
  {
    to: '/admin/analytics',
    title: 'Analytics',
    body: 'Every activation, by trigger, date and device type.',
    icon: ChartColumn,
  },
];

/** Where to go next: the tools that answer most questions by trying them. */
export function HelpResources() {
  return (
    <TitledCard title="Tools and reference" testId="help-resources">
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1">
        {RESOURCES.map(({ to, title, body, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 p-4 transition-colors hover:border-indigo-200 hover:bg-indigo-50/40"
            >
              <span className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                <Icon className="size-4 text-indigo-600" /> {title}
              </span>
              <span className="text-xs text-slate-500">{body}</span>
            </Link>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
