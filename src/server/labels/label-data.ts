import type { CargoType } from '#shared/pricing';

/**
 * What one label prints (docs/decisions/0022-labels-manifests-scanning.md): read from the order
 * and its organization by the label queries, drawn by label-pdf.ts.
 */
export interface LabelData {
  trackingNumber: string;
  /** The public tracking link the QR code holds (#shared/labels trackingLink). */
  trackingUrl: string;
  /** The merchant's own order number, when it gave one. */
  reference: string | null;
  createdAt: Date;
  sender: { name: string; phone: string | null; city: string };
  receiver: { name: string; phone: string; address: string | null; city: string };
  /** What the driver collects at the door; 0 prints "PAYÉ". */
  amountToCollectCentimes: number;
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  quantity: number;
  cargoType: CargoType;
  /** The receiver may open the parcel before paying (docs/decisions/0023-failed-deliveries-and-returns.md). */
  allowOpen: boolean;
}
