import {
  PickupAddressSchema,
  PickupAddressUpdateSchema,
} from '#shared/schemas/pickup-address-schemas';
import { authOf } from '../auth/auth-guards';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { PickupAddressService } from './pickup-address-service';

const tags = ['organization'];
const security = [{ bearerAuth: [] }];

/** The organization's default pickup address: any member reads it, the owner changes it. */
export function registerPickupAddressRoutes(app: ZodApp, service: PickupAddressService): void {
  const customerOnly = app.requireRole('USER');
  const refusals = { 401: ErrorBodySchema, 403: ErrorBodySchema };

  app.get(
    '/org/pickup-address',
    {
      schema: {
        tags,
        security,
        summary: "Where the organization's parcels are picked up when they name no sender",
        response: { 200: PickupAddressSchema, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request) => service.getPickupAddress(authOf(request)),
  );

  app.patch(
    '/org/pickup-address',
    {
      schema: {
        tags,
        security,
        summary: 'Set the default pickup address: a listed city and a street address (owner)',
        body: PickupAddressUpdateSchema,
        response: { 200: PickupAddressSchema, 400: ErrorBodySchema, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request) => service.setPickupAddress(authOf(request), request.body),
  );
}
