import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { centimesToMad } from '#shared/money';
import {
  ImportConfirmationSchema,
  ImportDetailSchema,
  ImportRowUpdateSchema,
  ImportSummarySchema,
} from '#shared/schemas/import-schemas';
import { authOf } from '../auth/auth-guards';
import type { AppConfig } from '../config';
import { toCsv, type CsvColumn } from '../http/csv';
import { AppError, badRequest, ErrorBodySchema, localeOf, messageTextIn } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import { buildTemplateCsv, buildTemplateXlsx } from './import-template';
import type { ImportsService } from './imports-service';

const tags = ['customer'];
const security = [{ bearerAuth: [] }];
const IdParams = z.object({ id: z.string().max(100) });
const RowParams = IdParams.extend({ row: z.coerce.number().int().min(1).max(10_000_000) });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type TrackingLine = Awaited<ReturnType<ImportsService['listTrackingNumbers']>>[number];
const trackingCsvColumns: CsvColumn<TrackingLine>[] = [
  { header: 'csv.row', value: (line) => line.row },
  { header: 'csv.reference', value: (line) => line.reference },
  { header: 'csv.tracking_number', value: (line) => line.trackingNumber },
  { header: 'csv.receiver', value: (line) => line.receiverName },
  { header: 'csv.city', value: (line) => line.deliveryLoc },
  { header: 'csv.price_mad', value: (line) => centimesToMad(line.priceCentimes).toFixed(2) },
  {
    header: 'csv.amount_to_collect_mad',
    value: (line) => centimesToMad(line.amountToCollectCentimes).toFixed(2),
  },
];

/**
 * The uploaded file, whole, in memory (at most IMPORT_MAX_BYTES): a refusal by code whatever
 * went wrong with the multipart body, so that a client reads one error shape.
 */
async function readUpload(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw badRequest('import.file_missing');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw badRequest('import.file_missing');
    return { fileName: part.filename || 'import', content: await part.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest('import.file_too_large', {
        max: Math.round((maxBytes / 1024 / 1024) * 10) / 10,
      });
    }
    throw badRequest('import.file_missing');
  }
}

/**
 * Spreadsheet imports of parcels (docs/decisions/0021-shippers-api.md, "Imports"), for members
 * who may book (owner and staff). Multipart bodies are parsed for these routes only.
 */
export async function registerImportRoutes(
  app: ZodApp,
  importsService: ImportsService,
  config: Pick<AppConfig, 'IMPORT_MAX_BYTES'>,
): Promise<void> {
  const customerOnly = app.requireRole('USER');
  await app.register(async (scope) => {
    const api = scope as ZodApp;
    await api.register(multipart, {
      limits: { fileSize: config.IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 11 },
    });

    api.get(
      '/dashboard/imports/template.csv',
      {
        schema: {
          tags,
          security,
          summary: 'The import template as CSV: the header row and one example row',
          response: { 200: z.string().describe('text/csv attachment') },
        },
        onRequest: customerOnly,
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="atlas-import-template.csv"')
          .send(buildTemplateCsv()),
    );

    api.get(
      '/dashboard/imports/template.xlsx',
      {
        schema: {
          tags,
          security,
          summary: 'The import template as XLSX, with a sheet of the cities in en/fr/ar',
          response: { 200: z.any().describe('XLSX attachment') },
        },
        onRequest: customerOnly,
      },
      async (_request, reply) =>
        reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', 'attachment; filename="atlas-import-template.xlsx"')
          .send(await buildTemplateXlsx()),
    );

    api.post(
      '/dashboard/imports',
      {
        schema: {
          tags,
          security,
          summary: 'Upload a CSV or XLSX file of parcels: every row checked, nothing created',
          description:
            'multipart/form-data with one file in the field `file` (at most IMPORT_MAX_BYTES, ' +
            `5 000 rows). The columns are the template's (English, French or Arabic headers). ` +
            '400 `import.file_type` (neither CSV nor XLSX), `import.file_too_large`, ' +
            '`import.too_many_rows`, `import.unknown_columns`, `import.file_missing`.',
          response: { 201: ImportSummarySchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
        },
        onRequest: customerOnly,
      },
      async (request, reply) => {
        const file = await readUpload(request, config.IMPORT_MAX_BYTES);
        return reply
          .status(201)
          .send(await importsService.upload(authOf(request), file, localeOf(request)));
      },
    );
  });

  app.get(
    '/dashboard/imports/:id',
    {
      schema: {
        tags,
        security,
        summary: 'An import: its summary, every row with its errors, and its orders once made',
        params: IdParams,
        response: { 200: ImportDetailSchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
      onRequest: customerOnly,
    },
    async (request) => importsService.get(authOf(request), request.params.id, localeOf(request)),
  );

  app.patch(
    '/dashboard/imports/:id/rows/:row',
    {
      schema: {
        tags,
        security,
        summary: "Fix a row's cells; every row is checked again",
        params: RowParams,
        body: ImportRowUpdateSchema,
        response: {
          200: ImportDetailSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: customerOnly,
    },
    async (request) =>
      importsService.updateRow(
        authOf(request),
        request.params.id,
        request.params.row,
        request.body.values,
        localeOf(request),
      ),
  );

  app.delete(
    '/dashboard/imports/:id/rows/:row',
    {
      schema: {
        tags,
        security,
        summary: 'Drop a row of an import not yet confirmed',
        params: RowParams,
        response: {
          200: ImportDetailSchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: customerOnly,
    },
    async (request) =>
      importsService.deleteRow(
        authOf(request),
        request.params.id,
        request.params.row,
        localeOf(request),
      ),
  );

  app.post(
    '/dashboard/imports/:id/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Create the valid rows as orders, in one go; a second confirmation makes none',
        description:
          'References are checked again: a row whose reference was taken since the upload is ' +
          'refused and listed in `errors`. Confirming again answers the same result.',
        params: IdParams,
        response: {
          200: ImportConfirmationSchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: customerOnly,
    },
    async (request) =>
      importsService.confirm(authOf(request), request.params.id, localeOf(request)),
  );

  app.get(
    '/dashboard/imports/:id/tracking-numbers.csv',
    {
      schema: {
        tags,
        security,
        summary: "The import's orders: row, reference, tracking number, receiver, city, amounts",
        params: IdParams,
        response: {
          200: z.string().describe('text/csv attachment'),
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
      onRequest: customerOnly,
    },
    async (request, reply) => {
      const lines = await importsService.listTrackingNumbers(authOf(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="tracking-numbers.csv"')
        .send(
          toCsv(trackingCsvColumns, lines, (code) =>
            messageTextIn(localeOf(request), { code, params: {} }),
          ),
        );
    },
  );
}
