import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

const dashboardLayout = lazyRoute(() => import('./dashboard-layout'), 'DashboardLayout');

/** The customer's dashboard (docs/product.md, section 9), for signed-in customers. */
export const dashboardRoutes: RouteObject = {
  path: '/dashboard',
  ...dashboardLayout,
  children: [
    { index: true, ...lazyRoute(() => import('./pages/dashboard-home-page'), 'DashboardHomePage') },
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
    { path: 'profile', ...lazyRoute(() => import('./pages/profile-page'), 'ProfilePage') },
    {
      path: 'notifications',
      ...lazyRoute(() => import('./pages/notifications-page'), 'NotificationsPage'),
    },
    { path: 'orders', ...lazyRoute(() => import('./pages/orders-page'), 'OrdersPage') },
    { path: 'team', ...lazyRoute(() => import('./pages/team-page'), 'TeamPage') },
    { path: 'invoices', ...lazyRoute(() => import('./pages/invoices-page'), 'InvoicesPage') },
    { path: 'manifests', ...lazyRoute(() => import('./pages/manifests-page'), 'ManifestsPage') },
    { path: 'payouts', ...lazyRoute(() => import('./pages/payouts-page'), 'PayoutsPage') },
    {
      path: 'developers',
      ...lazyRoute(() => import('./pages/developers-page'), 'DevelopersPage'),
    },
    { path: 'import', ...lazyRoute(() => import('./pages/import-page'), 'ImportPage') },
  ],
};

/** The customer's order page sits in the dashboard's frame, for any signed-in user. */
export const customerOrderRoute: RouteObject = {
  path: '/orders/:id',
  ...dashboardLayout,
  children: [{ index: true, ...lazyRoute(() => import('./pages/order-page'), 'OrderPage') }],
};
