import type { TFunction } from 'i18next';

/**
 * An order's route in the customer area's words ("Agadir → Casablanca"), its cities named in the
 * reader's language by `city` (useFormatters).
 */
export function routeText(
  t: TFunction,
  city: (name: string) => string,
  order: { pickup_loc: string; delivery_loc: string },
): string {
  return t('dashboard.common.route', {
    from: city(order.pickup_loc),
    to: city(order.delivery_loc),
  });
}
