import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

const companyRegisterPage = lazyRoute(() => import('./pages/register-page'), 'CompanyRegisterPage');
const resetPasswordPage = lazyRoute(
  () => import('./pages/reset-password-page'),
  'ResetPasswordPage',
);

/** Signing in, signing up and resetting a password (docs/product.md, section 7). */
export const authRoutes: RouteObject[] = [
  { path: '/login', ...lazyRoute(() => import('./pages/login-page'), 'LoginPage') },
  { path: '/register', ...companyRegisterPage },
  { path: '/register/company', ...companyRegisterPage },
  {
    path: '/register/individual',
    ...lazyRoute(() => import('./pages/register-page'), 'IndividualRegisterPage'),
  },
  {
    path: '/forgot-password',
    ...lazyRoute(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'),
  },
  {
    path: '/check-email',
    ...lazyRoute(() => import('./pages/check-email-page'), 'CheckEmailPage'),
  },
  { path: '/reset-password', ...resetPasswordPage },
  { path: '/reset-password/:token', ...resetPasswordPage },
  {
    path: '/reset-success',
    ...lazyRoute(() => import('./pages/reset-success-page'), 'ResetSuccessPage'),
  },
  {
    path: '/accept-invitation',
    ...lazyRoute(() => import('./pages/accept-invitation-page'), 'AcceptInvitationPage'),
  },
  {
    path: '/unauthorized',
    ...lazyRoute(() => import('./pages/unauthorized-page'), 'UnauthorizedPage'),
  },
];

/** The guards of docs/product.md, section 2, as layout routes around the areas they protect. */
export const signedInGuard = lazyRoute(() => import('./guards/route-guards'), 'SignedInGuard');
export const customerGuard = lazyRoute(() => import('./guards/route-guards'), 'CustomerGuard');
export const adminGuard = lazyRoute(() => import('./guards/route-guards'), 'AdminGuard');
