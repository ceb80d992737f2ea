import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../../ui/loading-screen';
import { fetchMfaStatus, mfaStatusQueryKey } from '../../../lib/session/second-factor-api';
import { useSession } from '../../../lib/session/session-context';
import { useVerifiedSession } from '../../../lib/session/use-verified-session';

/** Where an admin who must enrol a second factor is held (ADMIN_MFA=required). */
export const ADMIN_ENROLMENT_PATH = '/admin/second-factor';

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
  if (rule === 'admin') return <EnrolledAdminOutlet />;
  return <Outlet />;
}

/**
 * docs/decisions/0015-second-factor-and-sessions.md: with ADMIN_MFA=required an admin without a
 * second factor may only enrol, so every back-office screen sends them to enrolment. Enrolment
 * leaves for the back office itself, once the recovery codes were saved.
 */
function EnrolledAdminOutlet() {
  const { token } = useSession();
  const { pathname } = useLocation();
  const status = useQuery({
    queryKey: mfaStatusQueryKey(token),
    queryFn: ({ signal }) => fetchMfaStatus(signal),
    staleTime: 5 * 60_000,
  });
  // Unreachable server: the screens report their own errors.
  if (status.isPending) return <LoadingScreen />;
  const enrolling = pathname === ADMIN_ENROLMENT_PATH;
  if (status.data?.enrollmentRequired && !enrolling) {
    return <Navigate to={ADMIN_ENROLMENT_PATH} replace />;
  }
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
