import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SessionRoot } from '../lib/session/session-provider';
import { areaTranslationsLoaded } from '../i18n/i18n';
import { RouteError } from './route-error';

/**
 * Every route of docs/product.md, section 2. Each screen is its own chunk, so the landing page
 * never downloads dashboard or admin code.
 */
/** A layout route that provides the query cache to the screens below it (app/query-root). */
const withQueries = (children: RouteObject[]): RouteObject => ({
  lazy: async () => ({ Component: (await import('./query-root')).QueryRoot }),
  children,
});

const guard = (name: 'SignedInGuard' | 'CustomerGuard' | 'AdminGuard') => ({
  lazy: async () => ({
    Component: (await import('../features/auth/guards/route-guards'))[name],
  }),
});

const publicChildren: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('../features/public/pages/home-page')).HomePage,
    }),
  },
  {
    path: 'about',
    lazy: async () => ({
      Component: (await import('../features/public/pages/about-page')).AboutPage,
    }),
  },
  {
    path: 'services',
    lazy: async () => ({
      Component: (await import('../features/public/pages/services-page')).ServicesPage,
    }),
  },
  {
    path: 'privacy-policy',
    lazy: async () => ({
      Component: (await import('../features/public/pages/privacy-policy-page')).PrivacyPolicyPage,
    }),
  },
  {
    path: 'faq',
    lazy: async () => ({ Component: (await import('../features/public/pages/faq-page')).FaqPage }),
  },
  {
    path: 'team',
    lazy: async () => ({
      Component: (await import('../features/public/pages/team-page')).TeamPage,
    }),
  },
  withQueries([
    {
      path: 'track-shipment',
      lazy: async () => ({
        Component: (await import('../features/public/pages/track-shipment-page')).TrackShipmentPage,
      }),
    },
  ]),
  {
    path: 'contact-us',
    lazy: async () => ({
      Component: (await import('../features/public/pages/contact-us-page')).ContactUsPage,
    }),
  },
  {
    path: 'test-direct-calculator',
    lazy: async () => ({
      Component: (await import('../features/ordering/pages/test-direct-calculator-page'))
        .TestDirectCalculatorPage,
    }),
  },
  {
    path: '*',
    lazy: async () => ({
      Component: (await import('../features/public/pages/not-found-page')).NotFoundPage,
    }),
  },
];

const dashboardLayout = {
  lazy: async () => ({
    Component: (await import('../features/dashboard/dashboard-layout')).DashboardLayout,
  }),
};

const dashboardChildren: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('../features/dashboard/pages/dashboard-home-page'))
        .DashboardHomePage,
    }),
  },
  {
    path: 'tracking',
    lazy: async () => ({
      Component: (await import('../features/dashboard/pages/tracking-page')).TrackingPage,
    }),
  },
  {
    path: 'deliveries',
    lazy: async () => ({
      Component: (await import('../features/dashboard/pages/closed-orders-pages')).DeliveriesPage,
    }),
  },
  {
    path: 'cancelled',
    lazy: async () => ({
      Component: (await import('../features/dashboard/pages/closed-orders-pages')).CancelledPage,
    }),
  },
  {
    path: 'profile',
    lazy: async () => ({
      Component: (await import('../features/dashboard/pages/profile-page')).ProfilePage,
    }),
  },
  {
    path: 'notifications',
    lazy: async () => ({
      Component: (await import('../features/dashboard/pages/notifications-page')).NotificationsPage,
    }),
  },
  {
    path: 'orders',
    lazy: async () => ({
      Component: (await import('../features/dashboard/pages/orders-page')).OrdersPage,
    }),
  },
];

const adminLayout = {
  lazy: async () => ({
    Component: (await import('../features/admin/admin-layout')).AdminLayout,
  }),
};

const adminChildren: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('../features/admin/pages/overview-page')).OverviewPage,
    }),
  },
  { path: 'dashboard', element: <Navigate to="/admin" replace /> },
  {
    path: 'orders',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/orders-page')).OrdersPage,
    }),
  },
  {
    path: 'orders/:id',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/order-page')).AdminOrderPage,
    }),
  },
  {
    path: 'tracking',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/tracking-page')).TrackingPage,
    }),
  },
  {
    path: 'deliveries',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/closed-orders-pages')).DeliveriesPage,
    }),
  },
  {
    path: 'cancelled',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/closed-orders-pages')).CancelledPage,
    }),
  },
  {
    path: 'confirmation-order',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/confirmation-page')).ConfirmationPage,
    }),
  },
  {
    path: 'users',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/users-page')).UsersPage,
    }),
  },
  {
    path: 'trucks-active',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/trucks-page')).TrucksPage,
    }),
  },
  {
    path: 'revenue',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/revenue-page')).RevenuePage,
    }),
  },
  {
    path: 'messages',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/messages-page')).MessagesPage,
    }),
  },
  {
    path: 'cash',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/cash-page')).CashPage,
    }),
  },
  {
    path: 'map',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/map-page')).AdminMapPage,
    }),
  },
  {
    path: 'add-new',
    lazy: async () => ({
      Component: (await import('../features/admin/pages/add-new-page')).AddNewPage,
    }),
  },
];

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
        lazy: async () => ({
          Component: (await import('../features/public/public-layout')).PublicLayout,
        }),
        children: publicChildren,
      },
      withQueries([
        {
          path: '/login',
          lazy: async () => ({
            Component: (await import('../features/auth/pages/login-page')).LoginPage,
          }),
        },
        {
          path: '/driver/login',
          lazy: async () => ({
            Component: (await import('../features/driver/auth/driver-login-page')).DriverLoginPage,
          }),
        },
        ...['/register', '/register/company'].map((path) => ({
          path,
          lazy: async () => ({
            Component: (await import('../features/auth/pages/register-page')).CompanyRegisterPage,
          }),
        })),
        {
          path: '/register/individual',
          lazy: async () => ({
            Component: (await import('../features/auth/pages/register-page'))
              .IndividualRegisterPage,
          }),
        },
        {
          path: '/forgot-password',
          lazy: async () => ({
            Component: (await import('../features/auth/pages/forgot-password-page'))
              .ForgotPasswordPage,
          }),
        },
        {
          path: '/check-email',
          lazy: async () => ({
            Component: (await import('../features/auth/pages/check-email-page')).CheckEmailPage,
          }),
        },
        ...['/reset-password', '/reset-password/:token'].map((path) => ({
          path,
          lazy: async () => ({
            Component: (await import('../features/auth/pages/reset-password-page'))
              .ResetPasswordPage,
          }),
        })),
        {
          path: '/reset-success',
          lazy: async () => ({
            Component: (await import('../features/auth/pages/reset-success-page')).ResetSuccessPage,
          }),
        },
        {
          path: '/unauthorized',
          lazy: async () => ({
            Component: (await import('../features/auth/pages/unauthorized-page')).UnauthorizedPage,
          }),
        },
        {
          ...guard('CustomerGuard'),
          children: [{ path: '/dashboard', ...dashboardLayout, children: dashboardChildren }],
        },
        {
          ...guard('SignedInGuard'),
          children: [
            {
              // The customer's order page sits in the dashboard's frame.
              path: '/orders/:id',
              ...dashboardLayout,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/pages/order-page')).OrderPage,
                  }),
                },
              ],
            },
            {
              path: '/new-order/*',
              lazy: async () => ({
                Component: (await import('../features/ordering/pages/new-order-page')).NewOrderPage,
              }),
            },
            {
              path: '/calculate-distance',
              lazy: async () => ({
                Component: (await import('../features/ordering/pages/calculate-distance-page'))
                  .CalculateDistancePage,
              }),
            },
          ],
        },
        {
          ...guard('AdminGuard'),
          children: [{ path: '/admin', ...adminLayout, children: adminChildren }],
        },
        {
          lazy: async () => ({
            Component: (await import('../features/driver/auth/require-driver')).RequireDriver,
          }),
          children: [
            {
              // The driver's own page, made for a phone (docs/product.md, "The driver's page").
              path: '/driver',
              lazy: async () => ({
                Component: (await import('../features/driver/pages/driver-page')).DriverPage,
              }),
            },
          ],
        },
      ]),
    ],
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
