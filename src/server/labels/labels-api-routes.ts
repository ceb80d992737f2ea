import { LabelFormatQuerySchema, PrintApiLabelsSchema } from '#shared/schemas/label-schemas';
import { TrackingNumberParamsSchema } from '#shared/schemas/parcels-api-schemas';
import { API_KEY_SECURITY, apiKeyOf } from '../api-keys/api-key-guard';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import { sendPdf } from '../http/pdf-reply';
import { LabelsPdfResponse } from './label-routes';
import type { LabelsService } from './labels-service';

const tags = ['labels'];

const NotFoundSchema = ErrorBodySchema.meta({
  examples: [
    { code: 'label.parcels_not_found', message: 'These parcels were not found: MA-7K3Q-9ZP2' },
  ],
});
const CancelledSchema = ErrorBodySchema.meta({
  examples: [
    { code: 'label.order_cancelled', message: 'A cancelled order has no label: MA-7K3Q-9ZP2' },
  ],
});

const refusals = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: NotFoundSchema,
  409: CancelledSchema,
};

/**
 * Labels for a shop's server (docs/decisions/0022-labels-manifests-scanning.md), with a
 * `labels:read` key: the parcel's `labelUrl` answers here.
 */
export function registerLabelsApiRoutes(app: ZodApp, labelsService: LabelsService): void {
  const labelsKey = app.requireApiKey('labels:read');

  app.get(
    '/v1/parcels/:trackingNumber/label',
    {
      schema: {
        tags,
        security: API_KEY_SECURITY,
        summary: "One parcel's label, as a PDF",
        description:
          '`format`: `a6`, `100x150` (thermal) or `a4` (four labels per page); left out, the ' +
          "format the organization's members printed last. Another organization's parcel → " +
          '404; a cancelled one → 409.',
        params: TrackingNumberParamsSchema,
        querystring: LabelFormatQuerySchema,
        response: { 200: LabelsPdfResponse, ...refusals },
      },
      onRequest: labelsKey,
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await labelsService.printForApiKey(
          apiKeyOf(request),
          [request.params.trackingNumber],
          request.query.format,
        ),
        'inline',
      ),
  );

  app.post(
    '/v1/labels',
    {
      schema: {
        tags,
        security: API_KEY_SECURITY,
        summary: 'Labels of 1 to 500 parcels, in one PDF',
        description:
          'Labels in the order of `trackingNumbers`, a repeated number once. A parcel not of ' +
          'the organization → 404 naming it; a cancelled one → 409 naming it; more than 500 or ' +
          'an unknown `format` → 400.',
        body: PrintApiLabelsSchema,
        response: { 200: LabelsPdfResponse, ...refusals },
      },
      onRequest: labelsKey,
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await labelsService.printForApiKey(
          apiKeyOf(request),
          request.body.trackingNumbers,
          request.body.format,
        ),
        'inline',
      ),
  );
}
