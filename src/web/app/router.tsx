import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminEnrolmentRoute, adminRoutes } from '../features/admin/routes';
import { adminGuard, authRoutes, customerGuard, signedInGuard } from '../features/auth/routes';
import { customerOrderRoute, dashboardRoutes } from '../features/dashboard/routes';
import { driverLoginRoute, driverRoutes } from '../features/driver/routes';
import { orderingPublicRoutes, orderingRoutes } from '../features/ordering/routes';
import { publicLayout, publicQueryRoutes, publicRoutes } from '../features/public/routes';
import { receiverRoute } from '../features/receiver/routes';
import { areaTranslationsLoaded } from '../i18n/i18n';
import { lazyRoute } from '../lib/lazy-route';
import { SessionRoot } from '../lib/session/session-provider';
import { RouteError } from './route-error';

/**
 * Every route of docs/product.md, section 2, put together from each area's routes
 * (features/<area>/routes.tsx). Each screen is its own chunk, so the landing page never downloads
 * dashboard or admin code.
 */

/** A layout route that provides the query cache to the screens below it (app/query-root). */
const withQueries = (children: RouteObject[]): RouteObject => ({
  ...lazyRoute(() => import('./query-root'), 'QueryRoot'),
  children,
});

/**
 * A screen's code loads its area's words (the area's `*-strings.ts` module); in French or Arabic
 * those arrive a moment later, and the screen waits for them rather than showing raw keys or
 * English first (docs/decisions/0010-languages.md). Waited for here rather than by a top-level
 * await in each strings module: with one, the bundler split the landing page's code into many
 * more chunks, 3 KB heavier.
 */
function awaitingTranslations(children: RouteObject[]): RouteObject[] {
  return children.map((route) => {
    const { lazy, children: below } = route;
    return {
      ...route,
      ...(typeof lazy === 'function' && {
        lazy: async () => {
          const loaded = await lazy();
          await areaTranslationsLoaded();
          return loaded;
        },
      }),
      ...(below && { children: awaitingTranslations(below) }),
    } as RouteObject;
  });
}

export const routes: RouteObject[] = awaitingTranslations([
  {
    // The session wraps every screen; it is light enough for the landing page.
    Component: SessionRoot,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        ...publicLayout,
        children: [...publicRoutes, withQueries(publicQueryRoutes), ...orderingPublicRoutes],
      },
      withQueries([
        ...authRoutes,
        driverLoginRoute,
        { ...customerGuard, children: [dashboardRoutes] },
        { ...signedInGuard, children: [customerOrderRoute, ...orderingRoutes] },
        { ...adminGuard, children: [adminEnrolmentRoute, adminRoutes] },
        driverRoutes,
        receiverRoute,
      ]),
    ],
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
