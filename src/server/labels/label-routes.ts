import { z } from 'zod';
import {
  ImportLabelsQuerySchema,
  LabelFormatQuerySchema,
  LabelSettingsSchema,
  PrintLabelsSchema,
} from '#shared/schemas/label-schemas';
import { authOf } from '../auth/auth-guards';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { LabelsService } from './labels-service';
import { pdfResponse, sendPdf } from '../http/pdf-reply';

const security = [{ bearerAuth: [] }];
const IdParams = z.object({ id: z.string().max(100) });

/** The answer of every label route. */
export const LabelsPdfResponse = pdfResponse(
  'The labels as a PDF, one label per page (four per page in a4)',
);

const refusals = {
  400: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/**
 * Labels from the customer's and the office's screens (docs/decisions/0022-labels-manifests-
 * scanning.md, "Label routes and screens"). A member's own organization's orders only (another's
 * is not found); the office's, any organization's.
 */
export function registerLabelRoutes(app: ZodApp, labelsService: LabelsService): void {
  const customerOnly = app.requireRole('USER');
  const adminOnly = app.requireRole('ADMIN');

  app.get(
    '/dashboard/orders/:id/label',
    {
      schema: {
        tags: ['customer'],
        security,
        summary: "One of my organization's orders' label (owner and staff)",
        description: "`format` left out: the organization's remembered one; given: remembered.",
        params: IdParams,
        querystring: LabelFormatQuerySchema,
        response: { 200: LabelsPdfResponse, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await labelsService.printForCustomer(
          authOf(request),
          [request.params.id],
          request.query.format,
        ),
        'inline',
      ),
  );

  app.post(
    '/dashboard/labels',
    {
      schema: {
        tags: ['customer'],
        security,
        summary: "Labels of 1 to 500 of my organization's orders, in one PDF (owner and staff)",
        description:
          'Labels in the order of `orderIds`, a repeated id once. An id not of the ' +
          'organization → 404 naming it; a cancelled order → 409 naming it.',
        body: PrintLabelsSchema,
        response: { 200: LabelsPdfResponse, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await labelsService.printForCustomer(
          authOf(request),
          request.body.orderIds,
          request.body.format,
        ),
        'inline',
      ),
  );

  app.get(
    '/dashboard/imports/:id/labels',
    {
      schema: {
        tags: ['customer'],
        security,
        summary:
          'Labels of the orders an import created, in the order of its rows (owner and staff)',
        description:
          '500 to a PDF: `part` 1 is the first 500 orders, 2 the next 500. Orders cancelled ' +
          'since are left out.',
        params: IdParams,
        querystring: ImportLabelsQuerySchema,
        response: { 200: LabelsPdfResponse, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await labelsService.printImportForCustomer(
          authOf(request),
          request.params.id,
          request.query.part,
          request.query.format,
        ),
        'inline',
      ),
  );

  app.get(
    '/org/label-settings',
    {
      schema: {
        tags: ['customer'],
        security,
        summary: 'The label format my organization printed last, offered first',
        response: { 200: LabelSettingsSchema, 403: ErrorBodySchema },
      },
      onRequest: customerOnly,
    },
    async (request) => labelsService.readSettings(authOf(request)),
  );

  app.get(
    '/admin/orders/:id/label',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: "Any order's label",
        description: "`format` left out: the order's organization's remembered one.",
        params: IdParams,
        querystring: LabelFormatQuerySchema,
        response: { 200: LabelsPdfResponse, ...refusals },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await labelsService.printForOffice([request.params.id], request.query.format),
        'inline',
      ),
  );

  app.post(
    '/admin/labels',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Labels of 1 to 500 orders of any organization, in one PDF',
        body: PrintLabelsSchema,
        response: { 200: LabelsPdfResponse, ...refusals },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await labelsService.printForOffice(request.body.orderIds, request.body.format),
        'inline',
      ),
  );
}
