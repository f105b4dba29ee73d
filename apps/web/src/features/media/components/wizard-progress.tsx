import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import { WIZARD_STEP_LABELS, WIZARD_STEPS, type WizardStep, wizardProgress } from '../lib/flow-progress';

export function WizardProgress({ step }: { step: WizardStep }) {
  const current = WIZARD_STEPS.indexOf(step);
  return (
    <div className="mb-6 grid gap-2" data-testid="wizard-progress">
      <ol className="grid grid-cols-4 gap-2 text-xs font-medium text-slate-500">
        {WIZARD_STEPS.map((name, index) => (
          <li
            key={name}
            className={cn(index === current && 'text-indigo-700', index < current && 'text-slate-700')}
            aria-current={index === current ? 'step' : undefined}
          >
            {index + 1}. {WIZARD_STEP_LABELS[name]}
          </li>
        ))}
      </ol>
      <Progress value={wizardProgress(step)} label="Wizard progress" />
    </div>
  );
}
