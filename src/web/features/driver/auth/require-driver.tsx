import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '../../../ui/loading-screen';
import { homePathFor } from '../../../lib/session/session-context';
import { useVerifiedSession } from '../../../lib/session/use-verified-session';

/**
 * /driver/*: drivers only (docs/decisions/0009-drivers.md). No session: the phone sign-in.
 * A customer or an admin goes to their own home, whose guard never sends them back here.
 */
export function RequireDriver() {
  const { user, resolving } = useVerifiedSession();
  if (!user) return <Navigate to="/driver/login" replace />;
  if (resolving) return <LoadingScreen />;
  if (user.role !== 'DRIVER') return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}
