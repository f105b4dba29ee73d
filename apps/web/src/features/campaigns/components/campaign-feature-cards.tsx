import { ChartColumn, Split, Users } from 'lucide-react';
import { Card } from '@/components/ui/card';

// SPEC §2.11: the three feature cards. A/B tests and segments exist only in the data model so far.
const FEATURES = [
  {
    icon: ChartColumn,
    title: 'Campaign Analytics',
    text: 'Follow activations of every trigger in a campaign, day by day.',
  },
  {
    icon: Split,
    title: 'A/B Testing',
    text: 'Split traffic between trigger variants and keep the one that converts best. Included in Pro.',
  },
  {
    icon: Users,
    title: 'Audience Segmentation',
    text: 'Target triggers at audience segments by device, place and time.',
  },
];

export function CampaignFeatureCards() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <Card key={title} className="p-5">
          <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
            <Icon className="size-5" />
          </span>
          <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 text-sm text-slate-600">{text}</p>
        </Card>
      ))}
    </div>
  );
}
