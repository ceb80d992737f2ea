import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** The calculator open to visitors, in the public site's frame. */
export const orderingPublicRoutes: RouteObject[] = [
  {
    path: 'test-direct-calculator',
    ...lazyRoute(() => import('./pages/test-direct-calculator-page'), 'TestDirectCalculatorPage'),
  },
];

/** Placing an order and the distance calculator: any signed-in user. */
export const orderingRoutes: RouteObject[] = [
  { path: '/new-order/*', ...lazyRoute(() => import('./pages/new-order-page'), 'NewOrderPage') },
  {
    path: '/calculate-distance',
    ...lazyRoute(() => import('./pages/calculate-distance-page'), 'CalculateDistancePage'),
  },
];
