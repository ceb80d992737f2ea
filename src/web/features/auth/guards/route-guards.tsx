import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '../../../ui/loading-screen';
import { useVerifiedSession } from '../../../lib/session/use-verified-session';

type Rule = 'signed-in' | 'customer' | 'admin';

/**
 * docs/product.md, section 2 "Guards" and section 6: unauthenticated users go to /login; the admin
 * area sends other roles to /unauthorized; the customer dashboard sends an ADMIN to /admin.
 * A driver belongs on /driver and is sent there from every customer or admin screen
 * (docs/decisions/0009-drivers.md); /driver's own guard sends no one back here but non-drivers.
 * Loading... shows while the stored session is checked with the server.
 */
function Guard({ rule }: { rule: Rule }) {
  const { user, resolving } = useVerifiedSession();
  if (!user) return <Navigate to="/login" replace />;
  if (resolving) return <LoadingScreen />;
  if (user.role === 'DRIVER') return <Navigate to="/driver" replace />;
  if (rule === 'admin' && user.role !== 'ADMIN') return <Navigate to="/unauthorized" replace />;
  if (rule === 'customer' && user.role === 'ADMIN') return <Navigate to="/admin" replace />;
  return <Outlet />;
}

/** /new-order, /calculate-distance, /orders/:id: any signed-in user. */
export function SignedInGuard() {
  return <Guard rule="signed-in" />;
}

/** /dashboard/*: signed-in customers; an ADMIN goes to /admin. */
export function CustomerGuard() {
  return <Guard rule="customer" />;
}

/** /admin/*: ADMIN only. */
export function AdminGuard() {
  return <Guard rule="admin" />;
}
