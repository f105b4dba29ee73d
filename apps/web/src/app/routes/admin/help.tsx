import { PageHeader } from '@/components/page-header';
import { GettingStartedSteps } from '@/features/help/components/getting-started-steps';
import { HelpFaq } from '@/features/help/components/help-faq';
import { HelpResources } from '@/features/help/components/help-resources';

/** /admin/help: getting started, answers to common questions, and the tools to try things with. */
export function HelpRoute() {
  return (
    <div data-testid="help">
      <PageHeader
        title="Help & Support"
        description="Get your first trigger heard, and find out why one isn't."
      />
      <section aria-labelledby="help-getting-started">
        <h2 id="help-getting-started" className="mb-3 text-lg font-semibold text-slate-900">
          Getting started
        </h2>
        <GettingStartedSteps />
      </section>
      <div className="mt-8 grid gap-6 xl:grid-cols-3">
        <section aria-labelledby="help-faq" className="min-w-0 xl:col-span-2">
          <h2 id="help-faq" className="mb-3 text-lg font-semibold text-slate-900">
            Frequently asked questions
          </h2>
          <HelpFaq />
        </section>
        <aside className="min-w-0 xl:pt-10">
          <HelpResources />
        </aside>
      </div>
    </div>
  );
}
