import { FREE_PLAN } from '@tonemark/shared';
import { Link } from 'react-router';
import { useAccountPlan } from '@/features/account';
import { usePricing } from '@/features/pricing';
import { formatBytes } from '@/lib/format-number';

function limitText(limit: number | null): string {
  return limit === null ? 'no limit' : `up to ${limit} active trigger${limit === 1 ? '' : 's'}`;
}

function YourPlan() {
  const { data: plan } = useAccountPlan();
  if (!plan) return null;
  const allowance = plan.unlimitedAsAdmin
    ? 'As an admin you have no limit.'
    : plan.triggerLimit === null
      ? 'Your plan has no limit.'
      : `${plan.activeTriggers} of ${plan.triggerLimit} in use.`;
  return (
    <p className="rounded-lg bg-indigo-50 px-3 py-2 text-indigo-900" data-testid="faq-your-plan">
      You are on the <strong>{plan.planName}</strong> plan
      {plan.isDefault ? ' (no subscription)' : ''}, with {plan.activeTriggers} active trigger
      {plan.activeTriggers === 1 ? '' : 's'}. {allowance}
    </p>
  );
}

/** The limits are read from the live plan catalogue and the account, not repeated here. */
export function PlanLimitsAnswer() {
  const pricing = usePricing();
  return (
    <>
      <p>
        Plans limit how many triggers can be <em>active</em> at the same time. Inactive and scheduled triggers
        do not count, and listeners only ever hear active ones.
      </p>
      {pricing.data ? (
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            <strong className="text-slate-800">{FREE_PLAN.name}</strong> (no subscription):{' '}
            {limitText(FREE_PLAN.triggerLimit)}, {formatBytes(FREE_PLAN.storageLimitBytes)} of storage
          </li>
          {pricing.data.monthly.map((plan) => (
            <li key={plan.id}>
              <strong className="text-slate-800">{plan.name}</strong>: {limitText(plan.triggerLimit)}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        Without a paid plan an account is on Free. Turning on one trigger too many is refused with a message
        naming your plan: deactivate another trigger or upgrade. Detections are never cut off: every
        activation of an active trigger is recorded and counted on Analytics.
      </p>
      <YourPlan />
      <p>
        Compare plans on the{' '}
        <Link to="/pricing" className="font-medium text-indigo-600 hover:underline">
          pricing page
        </Link>{' '}
        and see your subscription in{' '}
        <Link to="/admin/settings" className="font-medium text-indigo-600 hover:underline">
          Account Settings
        </Link>
        .
      </p>
    </>
  );
}
