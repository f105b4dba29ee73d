import { ArrowRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePricing } from '../api/get-pricing';
import { PlanCard } from './plan-card';

const SALES_MAIL = 'mailto:sales@tonemark.io';

/** Landing #pricing (SPEC §2.9, §9): the monthly tiers from the server, choosing leads to /pricing. */
export function LandingPricing() {
  const { data, isPending, isError } = usePricing();
  return (
    <section id="pricing" className="scroll-mt-16 border-t border-slate-100 bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="text-3xl font-bold tracking-tight text-slate-900">Plans for every creator</h2>
          <p className="mt-3 text-slate-600">Monthly prices shown. Pay yearly and save 20%.</p>
        </div>
        {isPending ? (
          <div className="flex justify-center py-12">
            <Spinner className="size-8" label="Loading plans" />
          </div>
        ) : isError ? (
          <p className="mt-10 text-center text-sm text-slate-500">
            Plans could not be loaded.{' '}
            <Link to="/pricing" className="font-medium text-indigo-600 hover:underline">
              Open the pricing page
            </Link>
          </p>
        ) : (
          <div className="mt-12 grid gap-6 md:grid-cols-3">
            {data.monthly.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                action={
                  plan.contactSales ? (
                    <a href={SALES_MAIL} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                      <Mail /> Contact Sales
                    </a>
                  ) : (
                    <Link
                      to={`/pricing?billing=monthly&plan=${plan.id}`}
                      className={buttonVariants({
                        size: 'lg',
                        variant: plan.recommended ? 'default' : 'outline',
                      })}
                    >
                      Get {plan.name} <ArrowRight />
                    </Link>
                  )
                }
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
