import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** The public site's frame: the header and footer around every public page. */
export const publicLayout = lazyRoute(() => import('./public-layout'), 'PublicLayout');

/** The public pages under '/' (docs/product.md, section 2) that read nothing from the API. */
export const publicRoutes: RouteObject[] = [
  { index: true, ...lazyRoute(() => import('./pages/home-page'), 'HomePage') },
  { path: 'about', ...lazyRoute(() => import('./pages/about-page'), 'AboutPage') },
  { path: 'services', ...lazyRoute(() => import('./pages/services-page'), 'ServicesPage') },
  {
    path: 'privacy-policy',
    ...lazyRoute(() => import('./pages/privacy-policy-page'), 'PrivacyPolicyPage'),
  },
  { path: 'faq', ...lazyRoute(() => import('./pages/faq-page'), 'FaqPage') },
  { path: 'team', ...lazyRoute(() => import('./pages/team-page'), 'TeamPage') },
  { path: 'contact-us', ...lazyRoute(() => import('./pages/contact-us-page'), 'ContactUsPage') },
  { path: '*', ...lazyRoute(() => import('./pages/not-found-page'), 'NotFoundPage') },
];

/** The public pages that read the API, under the query cache. */
export const publicQueryRoutes: RouteObject[] = [
  {
    path: 'track-shipment',
    ...lazyRoute(() => import('./pages/track-shipment-page'), 'TrackShipmentPage'),
  },
];
