import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

export const driverLoginRoute: RouteObject = {
  path: '/driver/login',
  ...lazyRoute(() => import('./auth/driver-login-page'), 'DriverLoginPage'),
};

/** The driver's own page, made for a phone (docs/decisions/0009-drivers.md, "The driver's orders"), behind its guard. */
export const driverRoutes: RouteObject = {
  ...lazyRoute(() => import('./auth/require-driver'), 'RequireDriver'),
  children: [{ path: '/driver', ...lazyRoute(() => import('./pages/driver-page'), 'DriverPage') }],
};
