import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Shown instead of the "new test" controls to accounts whose plan has no A/B testing. */
export function UpgradeNotice() {
  return (
    <Card
      className="flex flex-col gap-3 border-indigo-200 bg-indigo-50/60 p-5 sm:flex-row sm:items-center"
      data-testid="ab-upgrade"
    >
      <Sparkles className="size-6 shrink-0 text-indigo-600" />
      <div className="grow">
        <p className="font-medium text-slate-900">A/B testing is part of Pro and Enterprise</p>
        <p className="text-sm text-slate-600">
          Split listeners between variants of an action, count their clicks and conversions, and keep the
          winner.
        </p>
      </div>
      <Link to="/pricing" className={buttonVariants({ size: 'sm' })}>
        See plans
      </Link>
    </Card>
  );
}
