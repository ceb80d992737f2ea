import type { FastifyBaseLogger } from 'fastify';
import { findImportColumn, IMPORT_COLUMNS, type ImportColumn } from '#shared/import-columns';
import type { Locale } from '#shared/i18n/locales';
import { keyOf, message, parseMessageKey, type MessageKey } from '#shared/i18n/message-key';
import {
  MAX_IMPORT_ROWS,
  type ImportConfirmation,
  type ImportDetail,
  type ImportRowError,
  type ImportSummary,
} from '#shared/schemas/import-schemas';
import type { AuthContext } from '../auth/auth-service';
import type { Database } from '../db/open-database';
import { isUuid } from '../db/uuid';
import { badRequest, conflict, messageTextIn, notFound } from '../http/errors';
import { assertOrgRoleMay } from '../orgs/org-access';
import type { ResolvedParcel } from '../parcels/parcel-checks';
import type {
  ParcelCreation,
  ParcelCreationService,
  ParcelCreator,
} from '../parcels/parcel-creation';
import { readImportFile } from './import-file';
import { checkRows, rowOfLine, type StoredRow } from './import-rows';
import {
  findParcelImport,
  findPlacedImportRows,
  insertParcelImport,
  listImportOrders,
  updateParcelImport,
  type ParcelImportRow,
} from './imports-queries';

interface ImportsServiceDeps {
  db: Database;
  parcels: ParcelCreationService;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** How long a second confirmation waits for the first one to finish before a 409. */
  confirmWaitMs?: number;
}

/** How often a second confirmation looks whether the first one has finished. */
const CONFIRM_POLL_MS = 100;
/** Parcels per createParcels call at confirmation, and calls at once (see createInChunks). */
const CONFIRM_CHUNK_SIZE = 50;
const CONFIRM_CONCURRENCY = 4;

const KNOWN_COLUMNS = new Set(IMPORT_COLUMNS.map((column) => column.name));

/** The header's columns, in the file's order (blank headers: cells ignored); 400 for unknown. */
function columnsOf(header: readonly string[]): Array<ImportColumn | undefined> {
  const unknown = header.filter((name) => name !== '' && !findImportColumn(name));
  if (unknown.length > 0) {
    throw badRequest('import.unknown_columns', { columns: unknown.join(', ') });
  }
  const columns = header.map((name) => (name === '' ? undefined : findImportColumn(name)));
  const seen = new Set<string>();
  for (const column of columns) {
    if (!column) continue;
    if (seen.has(column.name)) throw badRequest('import.repeated_column', { column: column.name });
    seen.add(column.name);
  }
  return columns;
}

function renderKey(locale: Locale, key: MessageKey): { code: string; message: string } {
  const parsed = parseMessageKey(key) ?? message('request.invalid_value');
  return { code: parsed.code, message: messageTextIn(locale, parsed) };
}

function rowErrors(locale: Locale, row: StoredRow): ImportRowError[] {
  return row.errors.map(({ field, key }) => ({ row: row.row, field, ...renderKey(locale, key) }));
}

const rowsOf = (stored: ParcelImportRow) => stored.rows as StoredRow[];

function summaryOf(stored: ParcelImportRow, locale: Locale): ImportSummary {
  return {
    id: stored.id,
    fileName: stored.fileName,
    rows: stored.rowCount,
    valid: stored.validCount,
    errors: rowsOf(stored).flatMap((row) => rowErrors(locale, row)),
    status: stored.status,
    created: stored.createdCount,
    createdAt: stored.createdAt.toISOString(),
    confirmedAt: stored.status === 'confirmed' ? (stored.confirmedAt?.toISOString() ?? null) : null,
  };
}

function detailOf(stored: ParcelImportRow, locale: Locale): ImportDetail {
  return {
    ...summaryOf(stored, locale),
    items: rowsOf(stored).map((row) => ({
      row: row.row,
      values: row.values,
      errors: rowErrors(locale, row),
      trackingNumber: row.trackingNumber ?? null,
    })),
  };
}

function confirmationOf(stored: ParcelImportRow, locale: Locale): ImportConfirmation {
  const rows = rowsOf(stored);
  const trackingNumbers = rows.flatMap((row) => (row.trackingNumber ? [row.trackingNumber] : []));
  return {
    id: stored.id,
    status: stored.status,
    created: stored.createdCount ?? trackingNumbers.length,
    trackingNumbers,
    errors: rows.filter((row) => !row.trackingNumber).flatMap((row) => rowErrors(locale, row)),
  };
}

/**
 * Spreadsheet imports (docs/decisions/0021-shippers-api.md, "Imports"): a file is read and every
 * row checked by the API's rules, nothing created; rows are fixed or dropped; a confirmation
 * makes the valid rows orders naming the import, once.
 */
export function createImportsService({
  db,
  parcels,
  clock,
  log,
  confirmWaitMs = 60_000,
}: ImportsServiceDeps) {
  async function findOwn(auth: AuthContext, id: string, lock = false, tx: Database = db) {
    const organizationId = assertOrgRoleMay(auth, 'book');
    const found = isUuid(id) ? await findParcelImport(tx, organizationId, id, { lock }) : undefined;
    if (!found) throw notFound();
    return found;
  }

  /** Changes the rows of an import not yet confirmed, then checks them all again. */
  async function changeRows(
    auth: AuthContext,
    id: string,
    rowNumber: number,
    change: (rows: StoredRow[], index: number) => StoredRow[],
    locale: Locale,
  ): Promise<ImportDetail> {
    const updated = await db.transaction(async (tx) => {
      const stored = await findOwn(auth, id, true, tx);
      if (stored.status === 'confirmed') throw conflict('import.already_confirmed');
      if (stored.confirmedAt) throw conflict('import.confirm_in_progress');
      const rows = rowsOf(stored);
      const index = rows.findIndex((row) => row.row === rowNumber);
      if (index === -1) throw notFound('import.row_not_found', { row: rowNumber });
      const checked = await checkRows(tx, stored.organizationId, change(rows, index));
      return updateParcelImport(tx, id, {
        rows: checked.rows,
        rowCount: checked.rows.length,
        validCount: checked.parcels.size,
      });
    });
    return detailOf(updated, locale);
  }

  /**
   * Takes the import for this confirmation (the row locked while it is looked at): its
   * confirmed_at marks it taken, so that a second confirmation, at once or later, makes nothing.
   * The parcels are made outside this transaction (each order is its own, through the lifecycle).
   */
  async function claim(auth: AuthContext, id: string) {
    return db.transaction(async (tx) => {
      const stored = await findOwn(auth, id, true, tx);
      if (stored.status === 'confirmed' || stored.confirmedAt) return { stored, claimed: false };
      return {
        stored: await updateParcelImport(tx, id, { confirmedAt: clock() }),
        claimed: true,
      };
    });
  }

  /** A second confirmation answers the first one's result once it is there. */
  async function awaitConfirmation(auth: AuthContext, id: string): Promise<ParcelImportRow> {
    const deadline = Date.now() + confirmWaitMs;
    for (;;) {
      const stored = await findOwn(auth, id);
      if (stored.status === 'confirmed') return stored;
      if (!stored.confirmedAt || Date.now() > deadline)
        throw conflict('import.confirm_in_progress');
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
    }
  }

  /**
   * Each order is its own transaction through the lifecycle; a few chunks at once use the
   * connection pool's other connections on PostgreSQL (PGlite runs them one after the other).
   */
  async function createInChunks(
    creator: ParcelCreator,
    toCreate: readonly ResolvedParcel[],
  ): Promise<ParcelCreation[]> {
    const chunks: ResolvedParcel[][] = [];
    for (let start = 0; start < toCreate.length; start += CONFIRM_CHUNK_SIZE) {
      chunks.push(toCreate.slice(start, start + CONFIRM_CHUNK_SIZE));
    }
    const results: ParcelCreation[][] = new Array(chunks.length);
    let next = 0;
    const worker = async () => {
      while (next < chunks.length) {
        const index = next++;
        results[index] = await parcels.createParcels(creator, chunks[index]!);
      }
    };
    await Promise.all(Array.from({ length: CONFIRM_CONCURRENCY }, worker));
    return results.flat();
  }

  return {
    async upload(
      auth: AuthContext,
      file: { fileName: string; content: Buffer },
      locale: Locale,
    ): Promise<ImportSummary> {
      const organizationId = assertOrgRoleMay(auth, 'book');
      const sheet = await readImportFile(file.content);
      const columns = columnsOf(sheet.header);
      if (sheet.lines.length === 0 || !columns.some(Boolean)) throw badRequest('import.empty');
      if (sheet.lines.length > MAX_IMPORT_ROWS) {
        throw badRequest('import.too_many_rows', {
          rows: sheet.lines.length,
          max: MAX_IMPORT_ROWS,
        });
      }
      const checked = await checkRows(
        db,
        organizationId,
        sheet.lines.map((line) => rowOfLine(line, columns)),
      );
      const stored = await insertParcelImport(db, {
        organizationId,
        createdByUserId: auth.userId,
        fileName: file.fileName.slice(0, 255),
        rows: checked.rows,
        validCount: checked.parcels.size,
      });
      return summaryOf(stored, locale);
    },

    async get(auth: AuthContext, id: string, locale: Locale): Promise<ImportDetail> {
      return detailOf(await findOwn(auth, id), locale);
    },

    updateRow(
      auth: AuthContext,
      id: string,
      rowNumber: number,
      values: Readonly<Record<string, string>>,
      locale: Locale,
    ): Promise<ImportDetail> {
      const unknown = Object.keys(values).filter((name) => !KNOWN_COLUMNS.has(name));
      if (unknown.length > 0) {
        throw badRequest('import.unknown_columns', { columns: unknown.join(', ') });
      }
      return changeRows(
        auth,
        id,
        rowNumber,
        (rows, index) => {
          const row = rows[index]!;
          const next: StoredRow = {
            ...row,
            values: { ...row.values },
            cellErrors: { ...row.cellErrors },
          };
          for (const [name, text] of Object.entries(values)) {
            delete next.cellErrors[name];
            if (text.trim() === '') delete next.values[name];
            else next.values[name] = text.trim();
          }
          return rows.map((other, at) => (at === index ? next : other));
        },
        locale,
      );
    },

    deleteRow(auth: AuthContext, id: string, rowNumber: number, locale: Locale) {
      return changeRows(
        auth,
        id,
        rowNumber,
        (rows, index) => rows.filter((_, at) => at !== index),
        locale,
      );
    },

    async confirm(auth: AuthContext, id: string, locale: Locale): Promise<ImportConfirmation> {
      const { stored, claimed } = await claim(auth, id);
      if (!claimed) return confirmationOf(await awaitConfirmation(auth, id), locale);
      try {
        // The rows a failed confirmation already placed are not placed again; the others are
        // checked again: a reference may have been taken since the upload.
        const placed = await findPlacedImportRows(db, stored.id);
        const checked = await checkRows(
          db,
          stored.organizationId,
          rowsOf(stored).filter((row) => !placed.has(row.row)),
        );
        const valid = checked.rows.filter((row) => checked.parcels.has(row.row));
        const created = await createInChunks(
          { organizationId: stored.organizationId, userId: auth.userId, importId: stored.id },
          valid.map((row) => ({ ...checked.parcels.get(row.row)!, importRow: row.row })),
        );
        const outcomes = new Map(valid.map((row, index) => [row.row, created[index]!]));
        const checkedRows = new Map(checked.rows.map((row) => [row.row, row]));
        const rows = rowsOf(stored).map((original): StoredRow => {
          const trackingNumber = placed.get(original.row);
          if (trackingNumber) return { ...original, errors: [], trackingNumber };
          const row = checkedRows.get(original.row)!;
          const outcome = outcomes.get(row.row);
          if (!outcome) return row;
          if (outcome.ok) return { ...row, trackingNumber: outcome.order.trackingNumber };
          const [refusal] = outcome.error.messages;
          return { ...row, errors: [{ field: 'reference', key: keyOf(refusal) }] };
        });
        const createdCount = rows.filter((row) => row.trackingNumber).length;
        const confirmed = await updateParcelImport(db, id, {
          rows,
          status: 'confirmed',
          createdCount,
          validCount: createdCount,
          confirmedAt: clock(),
        });
        log.info({ importId: id, created: createdCount }, 'import confirmed');
        return confirmationOf(confirmed, locale);
      } catch (error) {
        // Not confirmed: the import may be confirmed again (docs/decisions/0021-shippers-api.md).
        await updateParcelImport(db, id, { confirmedAt: null });
        throw error;
      }
    },

    /** The orders an import made, with their row numbers, for its CSV. */
    async listTrackingNumbers(auth: AuthContext, id: string) {
      const stored = await findOwn(auth, id);
      const rowOfTracking = new Map(
        rowsOf(stored).flatMap((row) =>
          row.trackingNumber ? [[row.trackingNumber, row.row]] : [],
        ),
      );
      const madeOrders = await listImportOrders(db, stored.id);
      return madeOrders
        .map((order) => ({ ...order, row: rowOfTracking.get(order.trackingNumber) ?? null }))
        .sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
