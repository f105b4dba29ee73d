import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AccountPlanCard } from '@/features/account/components/account-plan-card';
import { ApiKeysCard } from '@/features/api-keys/components/api-keys-card';
import { useUser } from '@/features/auth/api/get-me';
import { WebhooksCard } from '@/features/webhooks/components/webhooks-card';

/** Account Settings: who is signed in, the subscription, API keys and webhooks (profile editing is a later issue). */
export function SettingsRoute() {
  const { data: user } = useUser();
  return (
    <div>
      <PageHeader title="Account Settings" description="Your account, subscription, API keys and webhooks." />
      <div className="grid gap-6 lg:grid-cols-2">
        <AccountPlanCard />
        <Card>
          <CardHeader>
            <CardTitle>Account</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-slate-100 text-sm">
              <div className="flex justify-between py-2">
                <dt className="text-slate-500">Username</dt>
                <dd className="font-medium text-slate-900">{user?.username}</dd>
              </div>
              <div className="flex justify-between py-2">
                <dt className="text-slate-500">Email</dt>
                <dd className="font-medium text-slate-900">{user?.email}</dd>
              </div>
              <div className="flex justify-between py-2">
                <dt className="text-slate-500">Role</dt>
                <dd className="font-medium text-slate-900">{user?.role}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <div className="lg:col-span-2">
          <ApiKeysCard />
        </div>
        <div className="lg:col-span-2">
          <WebhooksCard canEdit={user?.role !== undefined && user.role !== 'viewer'} />
        </div>
      </div>
    </div>
  );
}
