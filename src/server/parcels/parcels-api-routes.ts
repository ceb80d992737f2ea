import type { FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ApiParcel } from '#shared/schemas/parcel-schemas';
import {
  ApiParcelDocSchema,
  CancelParcelSchema,
  CreateParcelsBodySchema,
  CreateParcelsDocSchema,
  ParcelBatchResultSchema,
  ParcelListQuerySchema,
  ParcelPageSchema,
  ReattemptParcelSchema,
  TrackingNumberParamsSchema,
  type CreateParcelsBody,
  type ParcelBatchItem,
} from '#shared/schemas/parcels-api-schemas';
import { API_KEY_SECURITY, apiKeyOf, type ApiKeyCaller } from '../api-keys/api-key-guard';
import { buildErrorBody, ErrorBodySchema } from '../http/errors';
import { requireIdempotencyKey } from '../http/idempotency';
import type { ZodApp } from '../http/zod-app';
import type { ParcelOutcome, ParcelsApiService } from './parcels-api-service';

const tags = ['parcels'];

const ErrorSchema = ErrorBodySchema.meta({
  examples: [
    {
      code: 'parcel.not_found',
      message: 'Parcel not found',
    },
  ],
});
const ConflictSchema = ErrorBodySchema.meta({
  examples: [
    {
      code: 'parcel.reference_taken',
      message: 'Reference SHOP-10042 is already parcel MA-7K3Q-9ZP2',
    },
  ],
});

/**
 * POST /api/v1/parcels documents one parcel or a batch of them (CreateParcelsDocSchema), but
 * validates only a batch's size: each parcel is checked by the parcels' own rules in the handler,
 * so that one bad parcel of a batch is refused on its own while the others are made.
 */
const createParcelsValidator: FastifySchemaCompiler<FastifySchema> = (route) =>
  validatorCompiler(
    route.httpPart === 'body'
      ? { ...route, schema: CreateParcelsBodySchema }
      : (route as FastifyRouteSchemaDef<z.ZodType>),
  );

/** A refused parcel's item: the error body it would have had alone, in the request's language. */
function itemOf(request: FastifyRequest, index: number, outcome: ParcelOutcome): ParcelBatchItem {
  if (outcome.ok) return { index, status: 201, parcel: outcome.parcel };
  const { statusCode, messages, fieldErrors } = outcome.error;
  return {
    index,
    status: statusCode === 409 ? 409 : 400,
    ...buildErrorBody(request, statusCode, messages, fieldErrors),
  };
}

/** The shippers' parcels API (docs/decisions/0021-shippers-api.md, "The parcels API"). */
export function registerParcelsApiRoutes(app: ZodApp, parcelsApi: ParcelsApiService): void {
  const readKey = app.requireApiKey('parcels:read');
  const writeKey = app.requireApiKey('parcels:write');

  app.post(
    '/v1/parcels',
    {
      schema: {
        tags,
        security: API_KEY_SECURITY,
        summary: 'Create one parcel, or up to 100 in one call',
        description:
          'One parcel: 201 with the parcel, or 400 / 409 (`parcel.reference_taken`, naming the ' +
          'parcel that has the reference). `{"parcels": [...]}` (1 to 100): 207 with one item ' +
          'per parcel at its `index`, 201 with the parcel or 400 / 409 with the error body; the ' +
          'valid parcels are created even when others are refused. Requires an ' +
          '`Idempotency-Key` header (400 without): a retry with the same key gets the first ' +
          'answer back, with `Idempotent-Replayed: true`, and creates nothing. The sender is the ' +
          "organization's pickup address unless the parcel names one.",
        body: CreateParcelsDocSchema,
        response: {
          201: ApiParcelDocSchema,
          207: ParcelBatchResultSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ConflictSchema,
          422: ErrorBodySchema,
        },
      },
      validatorCompiler: createParcelsValidator,
      onRequest: writeKey,
      preHandler: [requireIdempotencyKey, app.idempotent],
    },
    async (request, reply) => {
      const body = request.body as unknown as CreateParcelsBody;
      const key = apiKeyOf(request);
      if (body.parcels === undefined) {
        const [outcome] = await parcelsApi.createParcels(key, [body]);
        if (!outcome!.ok) throw outcome!.error;
        return reply.status(201).send(outcome!.parcel);
      }
      const outcomes = await parcelsApi.createParcels(key, body.parcels);
      const created = outcomes.filter((outcome) => outcome.ok).length;
      return reply.status(207).send({
        items: outcomes.map((outcome, index) => itemOf(request, index, outcome)),
        created,
        refused: outcomes.length - created,
      });
    },
  );

  app.get(
    '/v1/parcels',
    {
      schema: {
        tags,
        security: API_KEY_SECURITY,
        summary: "The organization's parcels: by reference, or in the order they last changed",
        description:
          '`reference`: the one parcel with that reference of yours, or an empty list. ' +
          'Otherwise the parcels in the order they last changed (oldest change first), ' +
          '`limit` at a time (50 by default, at most 100), optionally of one `status` and ' +
          'changed at or after `updatedSince`. Follow `nextCursor` (null: nothing more for now) ' +
          'to read the next page: a parcel made or changed meanwhile comes after it, so no ' +
          'parcel is skipped or repeated.',
        querystring: ParcelListQuerySchema,
        response: {
          200: ParcelPageSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
      onRequest: readKey,
    },
    async (request) => parcelsApi.listParcels(apiKeyOf(request), request.query),
  );

  app.get(
    '/v1/parcels/:trackingNumber',
    {
      schema: {
        tags,
        security: API_KEY_SECURITY,
        summary: 'One parcel of the organization, by tracking number',
        params: TrackingNumberParamsSchema,
        response: {
          200: ApiParcelDocSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorSchema,
        },
      },
      onRequest: readKey,
    },
    async (request) => parcelsApi.getParcel(apiKeyOf(request), request.params.trackingNumber),
  );

  /**
   * A POST that changes one parcel of the key's organization (`/v1/parcels/:trackingNumber/…`):
   * the same guard, idempotency and answers for each; 400 answers a body its schema refuses.
   */
  function registerParcelWrite<Body>(
    action: string,
    route: {
      summary: string;
      description: string;
      body?: z.ZodType<Body>;
      handle(key: ApiKeyCaller, trackingNumber: string, body: Body): Promise<ApiParcel>;
    },
  ): void {
    const { summary, description, body, handle } = route;
    app.post(
      `/v1/parcels/:trackingNumber/${action}`,
      {
        schema: {
          tags,
          security: API_KEY_SECURITY,
          summary,
          description,
          params: TrackingNumberParamsSchema,
          ...(body && { body }),
          response: {
            200: ApiParcelDocSchema,
            ...(body && { 400: ErrorBodySchema }),
            401: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorSchema,
            409: ErrorBodySchema,
          },
        },
        onRequest: writeKey,
        preHandler: app.idempotent,
      },
      async (request) =>
        handle(apiKeyOf(request), request.params.trackingNumber, request.body as Body),
    );
  }

  registerParcelWrite('cancel', {
    summary: 'Cancel a pending parcel, with a reason',
    description:
      'Only a parcel not yet on its way (status PENDING) can be cancelled: 409 otherwise. ' +
      'Answers the cancelled parcel. An `Idempotency-Key` header is optional: a retry with ' +
      'the same key gets the first answer back.',
    body: CancelParcelSchema,
    handle: (key, trackingNumber, { reason }) =>
      parcelsApi.cancelParcel(key, trackingNumber, reason),
  });

  registerParcelWrite('reattempt', {
    summary: 'Ask for another delivery attempt after a failed one',
    description:
      'A day of the next 7 (`on`, YYYY-MM-DD; 400 otherwise), and optionally another ' +
      'phone, another address in the same city and a note for the driver. 409 before any ' +
      'failed attempt, once the parcel is returning (the receiver refused it) or when no ' +
      'attempt is left. Answers the parcel; its webhook is `parcel.rescheduled`. An ' +
      '`Idempotency-Key` header is optional: a retry with the same key gets the first ' +
      'answer back.',
    body: ReattemptParcelSchema,
    handle: (key, trackingNumber, reattempt) =>
      parcelsApi.reattemptParcel(key, trackingNumber, reattempt),
  });

  registerParcelWrite('return', {
    summary: 'Have the parcel brought back now, after a failed attempt',
    description:
      'The parcel goes back to its sender (status RETURNING); the return code the sender ' +
      'gives the driver is sent to the organization by mail and shown in the app. 409 ' +
      'before any failed attempt or once the parcel is no longer on the road. Answers the ' +
      'parcel; its webhook is `parcel.return_started`. An `Idempotency-Key` header is ' +
      'optional.',
    handle: (key, trackingNumber) => parcelsApi.returnParcel(key, trackingNumber),
  });
}
