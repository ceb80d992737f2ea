import { MAX_LABELS_PER_PDF, type LabelFormat } from '#shared/labels';
import { saveApiFile, toQueryString } from './api-client';

/**
 * The labels' PDFs (docs/decisions/0022-labels-manifests-scanning.md, "Label routes and
 * screens"), fetched with the session like every other file and saved for the printer: a
 * download, since a tab opened after the fetch would be stopped by the browser's popup blocker.
 */
export type LabelArea = 'dashboard' | 'admin';

export const printOrderLabel = (area: LabelArea, orderId: string, format: LabelFormat) =>
  saveApiFile(
    `/${area}/orders/${encodeURIComponent(orderId)}/label${toQueryString({ format })}`,
    'label.pdf',
  );

export const printOrderLabels = (
  area: LabelArea,
  orderIds: readonly string[],
  format: LabelFormat,
) =>
  saveApiFile(`/${area}/labels`, 'labels.pdf', {
    method: 'POST',
    body: { orderIds, format },
  });

/** `part` 1: the import's first 500 orders, 2 the next 500. */
export const printImportLabels = (importId: string, part: number, format: LabelFormat) =>
  saveApiFile(
    `/dashboard/imports/${encodeURIComponent(importId)}/labels${toQueryString({ part, format })}`,
    'labels.pdf',
  );

/** An import's orders 500 to a PDF: part 1 is orders 1 to 500, part 2 the next 500. */
export function importLabelParts(
  created: number,
): Array<{ part: number; from: number; to: number }> {
  const parts = Math.ceil(created / MAX_LABELS_PER_PDF);
  return Array.from({ length: parts }, (_, index) => ({
    part: index + 1,
    from: index * MAX_LABELS_PER_PDF + 1,
    to: Math.min(created, (index + 1) * MAX_LABELS_PER_PDF),
  }));
}
