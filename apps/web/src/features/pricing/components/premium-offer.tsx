import { Clapperboard, Mail } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';

// SPEC §9 premium media tier: a sales-led offer, not a self-serve plan.
const POINTS = [
  'From $25,000 for up to 1M viewers',
  'Up to $250,000+ for national broadcasts',
  'Or 0.5–1.5% of the media budget, with volume discounts',
];

export function PremiumOffer() {
  return (
    <section className="py-16 sm:py-20" id="premium">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="grid gap-8 rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 p-8 text-white sm:p-10 lg:grid-cols-[1.4fr_1fr] lg:items-center">
          <div>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-medium">
              <Clapperboard className="size-3.5" /> Premium media campaigns
            </span>
            <h2 className="mt-4 text-2xl font-bold sm:text-3xl">Running a TV, film or streaming campaign?</h2>
            <p className="mt-2 text-indigo-100">
              We design, embed and monitor triggers across your whole media plan, with reporting for every
              placement.
            </p>
          </div>
          <div className="grid gap-4">
            <ul className="grid gap-2 text-sm">
              {POINTS.map((p) => (
                <li key={p} className="rounded-lg bg-white/10 px-3 py-2">
                  {p}
                </li>
              ))}
            </ul>
            <a
              href="mailto:sales@tonemark.io?subject=Premium%20media%20campaign"
              className={buttonVariants({
                size: 'lg',
                variant: 'outline',
                className: 'bg-white text-indigo-700',
              })}
            >
              <Mail /> Talk to our media team
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
