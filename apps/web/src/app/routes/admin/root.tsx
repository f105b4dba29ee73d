import { Outlet, useNavigate } from 'react-router';
import { AdminLayout } from '@/components/layouts/admin-layout';
import { useUser } from '@/features/auth/api/get-me';
import { useLogout } from '@/features/auth/api/logout';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { toast } from '@/hooks/use-toast';

function SignedInShell() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const logout = useLogout();
  if (!user) return null;

  const signOut = async () => {
    // Leave the guarded area first, so clearing the session does not bounce to the sign-in form.
    navigate('/landing', { replace: true });
    try {
      await logout.mutateAsync();
      toast({ title: 'Signed out', description: 'See you soon.' });
    } catch {
      toast({ title: 'Error', description: 'Failed to sign out', variant: 'destructive' });
    }
  };

  return (
    <AdminLayout user={user} onSignOut={signOut} signingOut={logout.isPending}>
      <Outlet />
    </AdminLayout>
  );
}

/** Every /admin screen (and its un-prefixed aliases) needs a session (DESIGN §5). */
export function AdminRoot() {
  return (
    <RequireAuth>
      <SignedInShell />
    </RequireAuth>
  );
}
