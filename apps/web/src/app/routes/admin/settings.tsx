import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { AccountPlanCard } from '@/features/account/components/account-plan-card';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { DevicesCard } from '@/features/account/components/devices-card';
import { EmailCard } from '@/features/account/components/email-card';
import { OutboxCard } from '@/features/account/components/outbox-card';
import { PasswordCard } from '@/features/account/components/password-card';
import { ProfileCard } from '@/features/account/components/profile-card';
import { ApiKeysCard } from '@/features/api-keys/components/api-keys-card';
import { useUser } from '@/features/auth/api/get-me';
import { ReceiptsCard } from '@/features/payments/components/receipts-card';
import { WebhooksCard } from '@/features/webhooks/components/webhooks-card';

/** Account Settings: profile, sign-in, subscription and receipts, API keys, webhooks, deletion. */
export function SettingsRoute() {
  const { data: user } = useUser();
  if (!user) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Loading your account" />
      </div>
    );
  }
  return (
    <div>
      <PageHeader
        title="Account Settings"
        description="Your profile, sign-in, subscription, receipts, API keys and webhooks."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProfileCard user={user} />
        <AccountPlanCard />
        <EmailCard />
        <PasswordCard />
        <DevicesCard />
        <ReceiptsCard />
        <div className="lg:col-span-2">
          <ApiKeysCard />
        </div>
        <div className="lg:col-span-2">
          <WebhooksCard canEdit={user.role !== 'viewer'} />
        </div>
        {user.role === 'admin' ? (
          <div className="lg:col-span-2">
            <OutboxCard />
          </div>
        ) : null}
        <div className="lg:col-span-2">
          <DeleteAccountCard email={user.email} />
        </div>
      </div>
    </div>
  );
}
