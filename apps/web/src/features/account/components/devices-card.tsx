import { MonitorSmartphone } from 'lucide-react';
import { IconCardTitle } from '@/components/icon-card-title';
import { QueryStates } from '@/components/query-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { useEndSession, useSessions, useSignOutOthers } from '../api/sessions';
import { DeviceRow } from './device-row';

/** Where the account is signed in, with sign-out per device and for all the others. */
export function DevicesCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const others = useSignOutOthers();
  const hasOthers = sessions.data?.some((s) => !s.current) ?? false;

  return (
    <Card data-testid="devices-card">
      <CardHeader>
        <IconCardTitle icon={MonitorSmartphone}>Signed-in devices</IconCardTitle>
        <CardDescription>Sign out a device you no longer use or do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <QueryStates
          query={sessions}
          texts={{ loading: 'Loading devices', failed: 'The devices could not be loaded.' }}
        >
          {(list) => (
            <ul className="divide-y divide-slate-100" data-testid="device-list">
              {list.map((session) => (
                <DeviceRow
                  key={session.id}
                  session={session}
                  signingOut={end.isPending}
                  onSignOut={() =>
                    end.mutate(session.id, {
                      onSuccess: () =>
                        toast({ title: 'Signed out', description: 'That device is signed out.' }),
                    })
                  }
                />
              ))}
            </ul>
          )}
        </QueryStates>
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
