import type { RouteObject } from 'react-router';

/**
 * The receiver's link, PUBLIC_URL/r/<token> (docs/decisions/0023-failed-deliveries-and-returns.md,
 * "The receiver's link"): no account, its own chunk. The receiver reads it in French unless they
 * chose another language before on this phone; the page waits for that language's words.
 */
export const receiverRoute: RouteObject = {
  path: '/r/:token',
  lazy: async () => {
    const { ReceiverPage, adoptReceiverLocale } = await import('./receiver-page');
    await adoptReceiverLocale();
    return { Component: ReceiverPage };
  },
};
