import { z } from 'zod';
import {
  AdminManifestListQuerySchema,
  CreateCollectionManifestSchema,
  CreateDispatchManifestSchema,
  DispatchParcelsQuerySchema,
  ManifestCreatedSchema,
  ManifestDetailSchema,
  ManifestDriverSchema,
  ManifestListQuerySchema,
  ManifestParcelCandidateSchema,
  ManifestSchema,
} from '#shared/schemas/manifest-schemas';
import { officeActorOf } from '../audit/office-actions';
import { authOf } from '../auth/auth-guards';
import { ErrorBodySchema } from '../http/errors';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import { pdfResponse, sendPdf } from '../http/pdf-reply';
import { manifestCsvColumns } from './manifest-view';
import type { ManifestsService } from './manifests-service';

const security = [{ bearerAuth: [] }];
const ManifestIdParams = z.object({ id: z.string().max(100) });
const ManifestPdfResponse = pdfResponse('The hand-over sheet as a PDF (A4, in French)');

/**
 * Hand-over sheets (docs/decisions/0022-labels-manifests-scanning.md, "Hand-over sheets"): the
 * office makes, lists and prints dispatch sheets; a merchant's members make, list and print
 * their organization's collection sheets.
 */
export function registerManifestRoutes(app: ZodApp, manifestsService: ManifestsService): void {
  const adminOnly = app.requireRole('ADMIN');
  const customerOnly = app.requireRole('USER');

  app.post(
    '/admin/manifests',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Make a dispatch sheet for parcels leaving with a driver',
        description:
          'Every parcel must be with that driver and neither delivered nor cancelled (409 names ' +
          'each refused parcel and why); lines keep the order given.',
        body: CreateDispatchManifestSchema,
        response: {
          201: ManifestCreatedSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await manifestsService.createDispatch(request.body, officeActorOf(request))),
  );

  app.get(
    '/admin/manifests/drivers',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Active drivers, with their truck and the parcels they carry now',
        response: { 200: z.array(ManifestDriverSchema) },
      },
      onRequest: adminOnly,
    },
    async () => manifestsService.listDrivers(),
  );

  app.get(
    '/admin/manifests/parcels',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: "A driver's parcels a sheet can list, or these parcels when still on the road",
        querystring: DispatchParcelsQuerySchema,
        response: { 200: z.array(ManifestParcelCandidateSchema), 400: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request) => manifestsService.listDispatchParcels(request.query),
  );

  registerListRoutes(app, {
    path: '/admin/manifests',
    summary: 'Hand-over sheets, newest first',
    tags: ['admin'],
    querystring: AdminManifestListQuerySchema,
    item: ManifestSchema,
    guard: adminOnly,
    exportName: 'manifests',
    csvColumns: manifestCsvColumns,
    list: (query, page) => manifestsService.listForOffice(query, page),
  });

  app.get(
    '/admin/manifests/:id',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'One hand-over sheet with its lines',
        params: ManifestIdParams,
        response: { 200: z.object({ manifest: ManifestDetailSchema }), 404: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request) => ({ manifest: await manifestsService.readForOffice(request.params.id) }),
  );

  app.get(
    '/admin/manifests/:id/pdf',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'A hand-over sheet as a PDF (French)',
        params: ManifestIdParams,
        response: { 200: ManifestPdfResponse, 404: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      sendPdf(reply, await manifestsService.renderForOffice(request.params.id), 'inline'),
  );

  app.post(
    '/dashboard/manifests',
    {
      schema: {
        tags: ['customer'],
        security,
        summary: "Make a collection sheet for my organization's parcels a driver collects",
        description:
          'Parcels not picked up yet (pending, or given to a driver who has not picked them up); ' +
          "another organization's parcel → 404, one picked up, delivered or cancelled → 409.",
        body: CreateCollectionManifestSchema,
        response: {
          201: ManifestCreatedSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: customerOnly,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await manifestsService.createCollection(
            authOf(request),
            request.body,
            officeActorOf(request),
          ),
        ),
  );

  app.get(
    '/dashboard/manifests/parcels',
    {
      schema: {
        tags: ['customer'],
        security,
        summary: "My organization's parcels a driver has yet to collect",
        response: {
          200: z.object({ parcels: z.array(ManifestParcelCandidateSchema) }),
          403: ErrorBodySchema,
        },
      },
      onRequest: customerOnly,
    },
    async (request) => ({
      parcels: await manifestsService.listCollectionParcels(authOf(request)),
    }),
  );

  registerListRoutes(app, {
    path: '/dashboard/manifests',
    summary: "My organization's collection sheets, newest first",
    tags: ['customer'],
    querystring: ManifestListQuerySchema,
    item: ManifestSchema,
    guard: customerOnly,
    exportName: 'my-manifests',
    csvColumns: manifestCsvColumns,
    bodyKey: 'manifests',
    list: (query, page, request) => manifestsService.listForCustomer(authOf(request), query, page),
  });

  app.get(
    '/dashboard/manifests/:id/pdf',
    {
      schema: {
        tags: ['customer'],
        security,
        summary: "One of my organization's collection sheets as a PDF",
        params: ManifestIdParams,
        response: { 200: ManifestPdfResponse, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
      onRequest: customerOnly,
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await manifestsService.renderForCustomer(authOf(request), request.params.id),
        'inline',
      ),
  );
}
