import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SessionRoot } from '../features/auth/session/session-provider';
import { RouteError } from './route-error';

/**
 * Every route of SPEC section 2. Each screen is its own chunk, so the landing page never
 * downloads dashboard or admin code.
 */
const placeholder = (title: string) => ({
  handle: { title },
  lazy: async () => ({
    Component: (await import('../features/placeholder/placeholder-page')).PlaceholderPage,
  }),
});

/** The customer dashboard and admin layouts, until their own issues build them. */
const placeholderArea = (area: string) => ({
  handle: { area },
  lazy: async () => ({
    Component: (await import('../features/placeholder/placeholder-page')).PlaceholderAreaLayout,
  }),
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
  {
    path: 'track-shipment',
    lazy: async () => ({
      Component: (await import('../features/public/pages/track-shipment-page')).TrackShipmentPage,
    }),
  },
  {
    path: 'contact-us',
    lazy: async () => ({
      Component: (await import('../features/public/pages/contact-us-page')).ContactUsPage,
    }),
  },
  { path: 'test-direct-calculator', ...placeholder('Direct calculator') },
  {
    path: '*',
    lazy: async () => ({
      Component: (await import('../features/public/pages/not-found-page')).NotFoundPage,
    }),
  },
];

const dashboardChildren: RouteObject[] = [
  { index: true, ...placeholder('Dashboard') },
  { path: 'tracking', ...placeholder('Tracking') },
  { path: 'deliveries', ...placeholder('Deliveries') },
  { path: 'cancelled', ...placeholder('Cancelled Orders') },
  { path: 'profile', ...placeholder('Profile') },
  { path: 'notifications', ...placeholder('Notifications') },
  { path: 'orders', ...placeholder('Orders') },
];

const adminChildren: RouteObject[] = [
  { index: true, ...placeholder('Admin dashboard') },
  { path: 'dashboard', element: <Navigate to="/admin" replace /> },
  { path: 'orders', ...placeholder('All Orders') },
  { path: 'tracking', ...placeholder('Tracking') },
  { path: 'deliveries', ...placeholder('Deliveries') },
  { path: 'cancelled', ...placeholder('Cancelled') },
  { path: 'confirmation-order', ...placeholder('Confirmation') },
  { path: 'users', ...placeholder('Users') },
  { path: 'trucks-active', ...placeholder('Trucks Active') },
  { path: 'revenue', ...placeholder('Revenue') },
  { path: 'add-new', ...placeholder('Add new') },
];

export const routes: RouteObject[] = [
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
      {
        path: '/login',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/login-page')).LoginPage,
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
          Component: (await import('../features/auth/pages/register-page')).IndividualRegisterPage,
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
          Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
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
        children: [
          { path: '/dashboard', ...placeholderArea('Dashboard'), children: dashboardChildren },
        ],
      },
      {
        ...guard('SignedInGuard'),
        children: [
          { path: '/orders/:id', ...placeholder('Order') },
          { path: '/new-order/*', ...placeholder('New order') },
          { path: '/calculate-distance', ...placeholder('Distance and price calculator') },
        ],
      },
      {
        ...guard('AdminGuard'),
        children: [{ path: '/admin', ...placeholderArea('Admin'), children: adminChildren }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
