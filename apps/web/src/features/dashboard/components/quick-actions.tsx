import {
  BookOpen,
  ChevronRight,
  ExternalLink,
  ListChecks,
  type LucideIcon,
  Smartphone,
  WandSparkles,
} from 'lucide-react';
import { Link } from 'react-router';
import { TitledCard } from '@/components/titled-card';

const ACTIONS: Array<{ to: string; label: string; description: string; icon: LucideIcon }> = [
  {
    to: '/admin/unified-trigger',
    label: 'All-in-One Creator',
    description: 'Upload media, create and embed in one flow',
    icon: WandSparkles,
  },
  {
    to: '/admin/manage-triggers',
    label: 'Manage Triggers',
    description: 'Search, edit and delete',
    icon: ListChecks,
  },
  {
    to: '/admin/mobile-simulator',
    label: 'Mobile Simulator',
    description: 'Test detection in the browser',
    icon: Smartphone,
  },
];

export function QuickActions() {
  return (
    <TitledCard title="Quick Actions" testId="quick-actions" contentClassName="grid grid-cols-1 gap-1">
      {ACTIONS.map(({ to, label, description, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          className="group flex items-center gap-3 rounded-lg p-2.5 transition hover:bg-slate-50"
        >
          <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
            <Icon className="size-[18px]" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium text-slate-900">{label}</span>
            <span className="block truncate text-xs text-slate-500">{description}</span>
          </span>
          <ChevronRight className="size-4 text-slate-300 transition group-hover:text-slate-500" />
        </Link>
      ))}
      <a
        href="/api-docs"
        target="_blank"
        rel="noopener noreferrer"
        className="group flex items-center gap-3 rounded-lg p-2.5 transition hover:bg-slate-50"
      >
        <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <BookOpen className="size-[18px]" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-slate-900">Help &amp; Documentation</span>
          <span className="block truncate text-xs text-slate-500">API reference and SDKs (new tab)</span>
        </span>
        <ExternalLink className="size-4 text-slate-300 transition group-hover:text-slate-500" />
      </a>
    </TitledCard>
  );
}
