/**
 * Spreadsheet imports of parcels (docs/decisions/0021-shippers-api.md, "Imports"): what the
 * dashboard's import routes answer and take, read by the server's routes and the import screen.
 */
import { z } from 'zod';

/** The most rows one file may hold (issue 24): larger files are refused, not cut. */
export const MAX_IMPORT_ROWS = 5_000;

/** One thing wrong with a row: its spreadsheet row number, its column, the code and the words. */
export const ImportRowErrorSchema = z.object({
  row: z.number().int(),
  /** A column of the template (`receiver_phone`), or `row` for the row as a whole. */
  field: z.string(),
  code: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const IMPORT_STATUSES = ['checked', 'confirmed'] as const;

/** The answer to an upload: nothing created yet. */
export const ImportSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  /** Rows with something in them (empty rows are skipped). */
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(ImportRowErrorSchema),
  status: z.enum(IMPORT_STATUSES),
  /** Orders made at confirmation; null before. */
  created: z.number().int().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

/** One row as read from the file (or fixed since), its errors, and once confirmed its order. */
export const ImportRowSchema = z.object({
  row: z.number().int(),
  /** Cell text by template column. */
  values: z.record(z.string(), z.string()),
  errors: z.array(ImportRowErrorSchema),
  trackingNumber: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportDetailSchema = ImportSummarySchema.extend({
  items: z.array(ImportRowSchema),
});
export type ImportDetail = z.infer<typeof ImportDetailSchema>;

export const ImportConfirmationSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  created: z.number().int(),
  trackingNumbers: z.array(z.string()),
  /** The rows not created: refused at upload, or at confirmation (a reference taken since). */
  errors: z.array(ImportRowErrorSchema),
});
export type ImportConfirmation = z.infer<typeof ImportConfirmationSchema>;

/** A fix of one row: the cells given replace the row's, by template column ('' empties one). */
export const ImportRowUpdateSchema = z.object({
  values: z.record(z.string().max(100), z.string().max(1_000)),
});
export type ImportRowUpdate = z.infer<typeof ImportRowUpdateSchema>;
