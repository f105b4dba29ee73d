import type { AccountSession } from '@tonemark/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { describeDevice } from '../lib/describe-device';

/** One signed-in device: what it is, when it signed in, and its sign-out (not for this device). */
export function DeviceRow({
  session,
  signingOut,
  onSignOut,
}: {
  session: AccountSession;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  return (
    <li className="flex items-center justify-between gap-3 py-2.5 text-sm" data-testid="device-row">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium text-slate-900">
          <span className="truncate">{describeDevice(session.userAgent)}</span>
          {session.current ? <Badge tone="emerald">this device</Badge> : null}
        </p>
        <p className="text-xs text-slate-500">Signed in {new Date(session.createdAt).toLocaleString()}</p>
      </div>
      {session.current ? null : (
        <Button size="sm" variant="ghost" disabled={signingOut} onClick={onSignOut}>
          Sign out
        </Button>
      )}
    </li>
  );
}
