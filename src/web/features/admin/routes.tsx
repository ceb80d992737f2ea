import { Navigate, type RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** The back office (docs/product.md, section 4), for admins. */
export const adminRoutes: RouteObject = {
  path: '/admin',
  ...lazyRoute(() => import('./admin-layout'), 'AdminLayout'),
  children: [
    { index: true, ...lazyRoute(() => import('./pages/overview-page'), 'OverviewPage') },
    { path: 'dashboard', element: <Navigate to="/admin" replace /> },
    { path: 'orders', ...lazyRoute(() => import('./pages/orders-page'), 'OrdersPage') },
    { path: 'orders/:id', ...lazyRoute(() => import('./pages/order-page'), 'AdminOrderPage') },
    { path: 'tracking', ...lazyRoute(() => import('./pages/tracking-page'), 'TrackingPage') },
    { path: 'returns', ...lazyRoute(() => import('./pages/returns-page'), 'ReturnsPage') },
    {
      path: 'deliveries',
      ...lazyRoute(() => import('./pages/closed-orders-pages'), 'DeliveriesPage'),
    },
    {
      path: 'cancelled',
      ...lazyRoute(() => import('./pages/closed-orders-pages'), 'CancelledPage'),
    },
    {
      path: 'confirmation-order',
      ...lazyRoute(() => import('./pages/confirmation-page'), 'ConfirmationPage'),
    },
    { path: 'users', ...lazyRoute(() => import('./pages/users-page'), 'UsersPage') },
    { path: 'trucks-active', ...lazyRoute(() => import('./pages/trucks-page'), 'TrucksPage') },
    { path: 'revenue', ...lazyRoute(() => import('./pages/revenue-page'), 'RevenuePage') },
    { path: 'messages', ...lazyRoute(() => import('./pages/messages-page'), 'MessagesPage') },
    { path: 'cash', ...lazyRoute(() => import('./pages/cash-page'), 'CashPage') },
    { path: 'payouts', ...lazyRoute(() => import('./pages/payouts-page'), 'PayoutsPage') },
    { path: 'map', ...lazyRoute(() => import('./pages/map-page'), 'AdminMapPage') },
    {
      path: 'runs/plan',
      ...lazyRoute(() => import('./planning/plan-runs-page'), 'PlanRunsPage'),
    },
    { path: 'add-new', ...lazyRoute(() => import('./pages/add-new-page'), 'AddNewPage') },
    { path: 'audit', ...lazyRoute(() => import('./pages/audit-page'), 'AuditPage') },
    { path: 'invoices', ...lazyRoute(() => import('./pages/invoices-page'), 'InvoicesPage') },
    { path: 'manifests', ...lazyRoute(() => import('./pages/manifests-page'), 'ManifestsPage') },
    {
      path: 'manifests/new',
      ...lazyRoute(() => import('./pages/new-manifest-page'), 'NewManifestPage'),
    },
    { path: 'security', ...lazyRoute(() => import('./pages/security-page'), 'SecurityPage') },
    { path: 'settings', ...lazyRoute(() => import('./pages/settings-page'), 'SettingsPage') },
    { path: 'scan', ...lazyRoute(() => import('./pages/scan-page'), 'ScanPage') },
    { path: 'runs', ...lazyRoute(() => import('./runs/runs-page'), 'RunsPage') },
    { path: 'runs/:id', ...lazyRoute(() => import('./runs/run-page'), 'RunPage') },
  ],
};

/**
 * Enrolment in a second factor, outside the back office's frame: with ADMIN_MFA=required an admin
 * without one sees nothing else (docs/decisions/0015-second-factor-and-sessions.md).
 */
export const adminEnrolmentRoute: RouteObject = {
  path: '/admin/second-factor',
  ...lazyRoute(() => import('./pages/second-factor-page'), 'SecondFactorPage'),
};
