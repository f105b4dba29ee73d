import { ArrowRight, ChartColumn, Split, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

// SPEC §2.11: the three feature cards, each leading to its screen.
const FEATURES = [
  {
    icon: ChartColumn,
    title: 'Campaign Analytics',
    text: 'Conversion rate, campaign performance and when listeners hear your triggers.',
    to: '/admin/analytics#performance',
    cta: 'Open analytics',
  },
  {
    icon: Split,
    title: 'A/B Testing',
    text: 'Split listeners between variants of an action and keep the one that converts best.',
    to: '/admin/ab-tests',
    cta: 'Open A/B tests',
  },
  {
    icon: Users,
    title: 'Audience Segmentation',
    text: 'Aim triggers at listeners by device, browser, local time and language.',
    to: '/admin/segments',
    cta: 'Open segments',
  },
];

export function CampaignFeatureCards() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {FEATURES.map(({ icon: Icon, title, text, to, cta }) => (
        <Link key={title} to={to} className="group" data-testid={`feature-${title}`}>
          <Card className="h-full p-5 transition-shadow group-hover:shadow-md">
            <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
              <Icon className="size-5" />
            </span>
            <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
            <p className="mt-3 flex items-center gap-1 text-sm font-medium text-indigo-600">
              {cta} <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
            </p>
          </Card>
        </Link>
      ))}
    </div>
  );
}
