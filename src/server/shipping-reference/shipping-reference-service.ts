import { cities, cityLabel, findCity, regionLabel } from '#shared/cities';
import { amountToCollectCentimes } from '#shared/merchant-money';
import { centimesToMad, madToCentimes } from '#shared/money';
import type { City, Rate, RateQuery } from '#shared/schemas/shipping-reference-schemas';
import type { RoutePricing } from '../orders/route-pricing';

/** The cities as /api/v1/cities lists them: fixed for the life of the process. */
const cityList: readonly City[] = [...cities]
  .sort((a, b) => a.city.localeCompare(b.city, 'en'))
  .map((city) => ({
    name: city.city,
    nameFr: cityLabel(city.city, 'fr'),
    nameAr: cityLabel(city.city, 'ar'),
    region: city.admin_name,
    regionAr: regionLabel(city.admin_name, 'ar'),
    lat: city.lat,
    lng: city.lng,
  }));

/**
 * What a shipper's system asks before sending parcels (docs/decisions/0021-shippers-api.md,
 * "Rates and cities"). A rate is priced by the one route pricing the wizard's orders and the API's
 * parcels use, so the quote is what the parcel will cost.
 */
export function createShippingReferenceService({ priceRoute }: { priceRoute: RoutePricing }) {
  return {
    async quoteRate(query: RateQuery): Promise<Rate> {
      // The schema gave back listed names: both are found.
      const from = findCity(query.from)!;
      const to = findCity(query.to)!;
      const { route, price } = await priceRoute(from, to, query.weight, query.priority);
      const priceCentimes = madToCentimes(price);
      return {
        from: from.city,
        to: to.city,
        weight: query.weight,
        priority: query.priority,
        price: centimesToMad(priceCentimes),
        currency: 'MAD',
        distance: route.km,
        durationMinutes: route.minutes,
        codAmount: query.codAmount,
        feePaidBy: query.feePaidBy,
        amountToCollect: centimesToMad(
          amountToCollectCentimes({
            codAmountCentimes: madToCentimes(query.codAmount),
            feePaidBy: query.feePaidBy,
            priceCentimes,
          }),
        ),
      };
    },

    listCities(): readonly City[] {
      return cityList;
    },
  };
}
export type ShippingReferenceService = ReturnType<typeof createShippingReferenceService>;
