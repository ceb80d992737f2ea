/**
 * Labels and hand-over sheets (docs/decisions/0022-labels-manifests-scanning.md): the words the
 * server, the web app and /api/v1 share.
 */

/**
 * `a6` is 105 × 148 mm, `100x150` the 100 × 150 mm of the thermal printers merchants own (the
 * default), `a4` four A6 labels per page with cut marks.
 */
export const LABEL_FORMATS = ['a6', '100x150', 'a4'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const DEFAULT_LABEL_FORMAT: LabelFormat = '100x150';

/** The most labels one PDF holds (125 A4 pages); more is a 400. */
export const MAX_LABELS_PER_PDF = 500;

/**
 * `dispatch`: the office's sheet for parcels leaving with a driver; `collection`: a merchant's
 * sheet for the parcels a driver collects from it.
 */
export const MANIFEST_KINDS = ['dispatch', 'collection'] as const;
export type ManifestKind = (typeof MANIFEST_KINDS)[number];

/** The most parcels one hand-over sheet lists. */
export const MAX_MANIFEST_PARCELS = 500;

/** The public tracking link a label's QR code holds. */
export function trackingLink(publicUrl: string, trackingNumber: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/track-shipment?n=${encodeURIComponent(trackingNumber)}`;
}
