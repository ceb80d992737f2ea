import { API_KEY_SECURITY } from '../api-keys/api-key-guard';
import {
  CityListSchema,
  RateQuerySchema,
  RateSchema,
} from '#shared/schemas/shipping-reference-schemas';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { ShippingReferenceService } from './shipping-reference-service';

const tags = ['shipping'];
const security = API_KEY_SECURITY;
const refusals = { 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };

/**
 * GET /api/v1/rates and /api/v1/cities, for an API key with `parcels:read`
 * (docs/decisions/0021-shippers-api.md, "Rates and cities"). Registered inside the /api prefix.
 */
export function registerRatesAndCitiesRoutes(app: ZodApp, service: ShippingReferenceService): void {
  const readParcels = app.requireApiKey('parcels:read');

  app.get(
    '/v1/rates',
    {
      schema: {
        tags,
        security,
        summary: 'The price of a parcel between two cities: what POST /api/v1/parcels will charge',
        description:
          '`from` and `to` take a listed city in English, French or Arabic (`Fes`, `Fès`, `فاس`); ' +
          'amounts in MAD. An unlisted city is a 400 `order.city_not_listed` on its field.',
        querystring: RateQuerySchema,
        response: { 200: RateSchema, 400: ErrorBodySchema, ...refusals },
      },
      onRequest: readParcels,
    },
    async (request) => service.quoteRate(request.query),
  );

  app.get(
    '/v1/cities',
    {
      schema: {
        tags,
        security,
        summary: 'The cities served: canonical names, French and Arabic names, region, coordinates',
        response: { 200: CityListSchema, ...refusals },
      },
      onRequest: readParcels,
    },
    async () => ({ items: [...service.listCities()] }),
  );
}
