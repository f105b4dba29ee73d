import { Gift, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { dismissReward, useRewards } from '../lib/reward-store';

/** The rewards this device unlocked, each until it is dismissed. */
export function RewardCards() {
  const rewards = useRewards();
  if (rewards.length === 0) return null;
  return (
    <section className="grid gap-3" aria-label="Your rewards" data-testid="reward-cards">
      {rewards.map((reward) => (
        <Card
          key={reward.id}
          className="flex items-start gap-4 border-amber-200 bg-gradient-to-br from-amber-50 to-white p-4"
          data-testid="reward-card"
          role="status"
        >
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-600">
            <Gift className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900" data-testid="reward-title">
              {reward.title}
            </p>
            <p className="mt-0.5 text-sm break-words text-slate-700">{reward.description}</p>
            <p className="mt-1 text-xs text-slate-500">
              From “{reward.triggerName}” · {new Date(reward.at).toLocaleString()}
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Dismiss ${reward.title}`}
            onClick={() => dismissReward(reward.id)}
            data-testid="dismiss-reward"
          >
            <X />
          </Button>
        </Card>
      ))}
    </section>
  );
}
