import { Construction, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** A screen that a later issue fills: says so plainly and lists what will be there. */
export function ComingSoon({
  title,
  icon: Icon = Construction,
  description,
  features,
  backTo = '/admin',
  backLabel = 'Back to Dashboard',
  extra,
}: {
  title: string;
  icon?: LucideIcon;
  description: string;
  features: string[];
  backTo?: string;
  backLabel?: string;
  extra?: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-2xl overflow-hidden" data-testid="coming-soon">
      <div className="bg-gradient-to-br from-indigo-50 via-white to-violet-50 px-6 pt-8 pb-6 text-center sm:px-10">
        <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-white text-indigo-600 shadow-sm ring-1 ring-indigo-100">
          <Icon className="size-7" />
        </div>
        <Badge tone="amber" className="mt-4">
          Not built yet
        </Badge>
        <h1 className="mt-3 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
          This screen is not built yet. {description}
        </p>
      </div>
      <div className="px-6 py-6 sm:px-10">
        <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">What will be here</p>
        <ul className="mt-3 grid gap-2">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
              <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-indigo-400" />
              {feature}
            </li>
          ))}
        </ul>
        {extra}
        <div className="mt-6 flex justify-center">
          <Link to={backTo} className={buttonVariants({ variant: 'outline' })}>
            {backLabel}
          </Link>
        </div>
      </div>
    </Card>
  );
}
