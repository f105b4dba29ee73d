import { MonitorSmartphone } from 'lucide-react';
import { IconCardTitle } from '@/components/icon-card-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { useEndSession, useSessions, useSignOutOthers } from '../api/sessions';
import { describeDevice } from '../lib/describe-device';

/** Where the account is signed in, with sign-out per device and for all the others. */
export function DevicesCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const others = useSignOutOthers();
  const list = sessions.data ?? [];
  const hasOthers = list.some((s) => !s.current);

  return (
    <Card data-testid="devices-card">
      <CardHeader>
        <IconCardTitle icon={MonitorSmartphone}>Signed-in devices</IconCardTitle>
        <CardDescription>Sign out a device you no longer use or do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {sessions.isPending ? (
          <Spinner label="Loading devices" />
        ) : sessions.isError ? (
          <p className="text-sm text-red-600">The devices could not be loaded.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="device-list">
            {list.map((session) => (
              <li
                key={session.id}
                className="flex items-center justify-between gap-3 py-2.5 text-sm"
                data-testid="device-row"
              >
                <div className="min-w-0">
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    <span className="truncate">{describeDevice(session.userAgent)}</span>
                    {session.current ? <Badge tone="emerald">this device</Badge> : null}
                  </p>
                  <p className="text-xs text-slate-500">
                    Signed in {new Date(session.createdAt).toLocaleString()}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={end.isPending}
                    onClick={() =>
                      end.mutate(session.id, {
                        onSuccess: () =>
                          toast({ title: 'Signed out', description: 'That device is signed out.' }),
                      })
                    }
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {hasOthers ? (
          <div>
            <Button
              variant="outline"
              disabled={others.isPending}
              onClick={() =>
                others.mutate(undefined, {
                  onSuccess: () =>
                    toast({ title: 'Signed out', description: 'Every other device is signed out.' }),
                })
              }
              data-testid="sign-out-others"
            >
              Sign out other devices
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
