import {
  DEFAULT_LABEL_FORMAT,
  MAX_LABELS_PER_PDF,
  trackingLink,
  type LabelFormat,
} from '#shared/labels';
import type { LabelSettings } from '#shared/schemas/label-schemas';
import type { ApiKeyCaller } from '../api-keys/api-key-guard';
import type { AuthContext } from '../auth/auth-service';
import type { Database } from '../db/open-database';
import { isUuid } from '../db/uuid';
import { conflict, notFound } from '../http/errors';
import { assertOrgRoleMay } from '../orgs/org-access';
import type { LabelData } from './label-data';
import { renderLabelsPdf } from './label-pdf';
import {
  findLabelRowsByIds,
  findLabelRowsByImport,
  findLabelRowsByTrackingNumbers,
  findOrganizationLabelFormat,
  updateOrganizationLabelFormat,
  type LabelRow,
} from './label-queries';

interface LabelsServiceDeps {
  db: Database;
  publicUrl: string;
}

/** A PDF to answer, under the name the browser saves it as. */
export interface LabelsPdf {
  pdf: Buffer;
  filename: string;
}

/** Each value once, in the order first given: a repeated id prints one label. */
const uniqueInOrder = (values: readonly string[]) => [...new Set(values)];

function toLabelData(row: LabelRow, publicUrl: string): LabelData {
  return {
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingLink(publicUrl, row.trackingNumber),
    reference: row.reference,
    createdAt: row.createdAt,
    sender: { name: row.senderName, phone: row.senderPhone, city: row.senderCity },
    receiver: {
      name: row.receiverName ?? '',
      phone: row.receiverPhone ?? '',
      address: row.receiverAddress,
      city: row.receiverCity,
    },
    amountToCollectCentimes: row.amountToCollectCentimes,
    weightKg: Number(row.weightKg),
    lengthCm: Number(row.lengthCm),
    widthCm: Number(row.widthCm),
    heightCm: Number(row.heightCm),
    quantity: row.quantity,
    cargoType: row.cargoType,
    allowOpen: row.allowOpen,
  };
}

/**
 * Labels for the dashboard, the office and /api/v1 (docs/decisions/0022-labels-manifests-
 * scanning.md, "Label routes and screens"): the orders are read in one query, checked (every one
 * found and the caller's to see, none cancelled), put back in the order asked and drawn.
 */
export function createLabelsService({ db, publicUrl }: LabelsServiceDeps) {
  /** The rows in the order of `keys`; 404 naming those not found, 409 naming the cancelled. */
  function checkedInOrder(
    rows: readonly LabelRow[],
    keys: readonly string[],
    keyOf: (row: LabelRow) => string,
    notFoundError: (missing: string) => Error,
  ): LabelRow[] {
    const byKey = new Map(rows.map((row) => [keyOf(row), row]));
    const missing = keys.filter((key) => !byKey.has(key));
    if (missing.length > 0) throw notFoundError(missing.join(', '));
    const ordered = keys.map((key) => byKey.get(key)!);
    const cancelled = ordered.filter((row) => row.status === 'CANCELLED');
    if (cancelled.length > 0) {
      throw conflict('label.order_cancelled', {
        trackingNumbers: cancelled.map((row) => row.trackingNumber).join(', '),
      });
    }
    return ordered;
  }

  async function render(rows: readonly LabelRow[], format: LabelFormat): Promise<LabelsPdf> {
    const pdf = await renderLabelsPdf(
      rows.map((row) => toLabelData(row, publicUrl)),
      format,
    );
    const filename =
      rows.length === 1 ? `label-${rows[0]!.trackingNumber}.pdf` : `labels-${rows.length}.pdf`;
    return { pdf, filename };
  }

  /** Ids that are no uuid match no order; they are named among those not found. */
  const byIds = (orderIds: readonly string[], organizationId?: string) =>
    findLabelRowsByIds(db, orderIds.filter(isUuid), organizationId);

  return {
    /**
     * A member's labels (owner and staff: the roles that print): another organization's order is
     * not found. A format chosen is remembered for the organization's next print.
     */
    async printForCustomer(
      auth: AuthContext,
      orderIds: readonly string[],
      format: LabelFormat | undefined,
    ): Promise<LabelsPdf> {
      const organizationId = assertOrgRoleMay(auth, 'print');
      const ids = uniqueInOrder(orderIds);
      const rows = checkedInOrder(
        await byIds(ids, organizationId),
        ids,
        (row) => row.orderId,
        (orders) => notFound('label.orders_not_found', { orders }),
      );
      if (format) await updateOrganizationLabelFormat(db, organizationId, format);
      return render(rows, format ?? rows[0]!.organizationLabelFormat);
    },

    /**
     * The office's labels, of any organization's orders. Printing changes nothing, so it is no
     * office action and writes no audit row; the office's choice of format is not remembered for
     * the merchant. Without one, the first order's organization's format.
     */
    async printForOffice(
      orderIds: readonly string[],
      format: LabelFormat | undefined,
    ): Promise<LabelsPdf> {
      const ids = uniqueInOrder(orderIds);
      const rows = checkedInOrder(
        await byIds(ids),
        ids,
        (row) => row.orderId,
        (orders) => notFound('label.orders_not_found', { orders }),
      );
      return render(rows, format ?? rows[0]?.organizationLabelFormat ?? DEFAULT_LABEL_FORMAT);
    },

    /** An API key's labels, by tracking number: another organization's parcel is not found. */
    async printForApiKey(
      key: ApiKeyCaller,
      trackingNumbers: readonly string[],
      format: LabelFormat | undefined,
    ): Promise<LabelsPdf> {
      const numbers = uniqueInOrder(trackingNumbers);
      const rows = checkedInOrder(
        await findLabelRowsByTrackingNumbers(db, numbers, key.organizationId),
        numbers,
        (row) => row.trackingNumber,
        (missing) => notFound('label.parcels_not_found', { trackingNumbers: missing }),
      );
      return render(rows, format ?? rows[0]!.organizationLabelFormat);
    },

    /**
     * The labels of the orders an import created, in the order of its rows, 500 to a PDF:
     * `part` 1 is rows 1 to 500, 2 the next 500. An import not of the organization, or a part
     * past its orders, is not found.
     */
    async printImportForCustomer(
      auth: AuthContext,
      importId: string,
      part: number,
      format: LabelFormat | undefined,
    ): Promise<LabelsPdf> {
      const organizationId = assertOrgRoleMay(auth, 'print');
      const rows = isUuid(importId)
        ? await findLabelRowsByImport(db, importId, organizationId, {
            offset: (part - 1) * MAX_LABELS_PER_PDF,
            limit: MAX_LABELS_PER_PDF,
          })
        : [];
      if (rows.length === 0) throw notFound();
      // An order of the import cancelled since is left out: the others still need their labels.
      const printable = rows.filter((row) => row.status !== 'CANCELLED');
      if (printable.length === 0) {
        throw conflict('label.order_cancelled', {
          trackingNumbers: rows.map((row) => row.trackingNumber).join(', '),
        });
      }
      if (format) await updateOrganizationLabelFormat(db, organizationId, format);
      return render(printable, format ?? printable[0]!.organizationLabelFormat);
    },

    /** The format the screens offer first: the one the organization printed last. */
    async readSettings(auth: AuthContext): Promise<LabelSettings> {
      const organizationId = assertOrgRoleMay(auth, 'readOrders');
      return {
        labelFormat:
          (await findOrganizationLabelFormat(db, organizationId)) ?? DEFAULT_LABEL_FORMAT,
      };
    },
  };
}

export type LabelsService = ReturnType<typeof createLabelsService>;
