import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One question of the FAQ: a native disclosure, so it opens with the keyboard, is announced as
 * expanded or collapsed, and its answer is found by the browser's in-page search.
 */
export function FaqItem({ id, question, children }: { id: string; question: string; children: ReactNode }) {
  return (
    <details id={id} className="group border-b border-slate-100 last:border-b-0" data-testid="faq-item">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50/70 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none focus-visible:ring-inset [&::-webkit-details-marker]:hidden">
        {question}
        <ChevronDown className="size-4 shrink-0 text-slate-400 transition-transform group-open:rotate-180" />
      </summary>
      <div className="grid gap-3 px-5 pb-5 text-sm leading-relaxed text-slate-600">{children}</div>
    </details>
  );
}
