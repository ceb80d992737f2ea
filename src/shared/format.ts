import { formatDecimal } from './numbers';
import { formatDistanceText } from './pricing';

const MOBILE_ID_LENGTH = 10;
const DASHBOARD_ID_LENGTH = 10;

/** Admin screens: '1,234.50 MAD'. */
export function formatMad(amount: number): string {
  return `${formatDecimal(amount, 2, 2)} MAD`;
}

/** Customer screens name the same currency Dh: '1,234.50 Dh'. */
export function formatDh(amount: number): string {
  return `${formatDecimal(amount, 2, 2)} Dh`;
}

/** '12 Kg', '12.5 Kg': the specification writes the unit Kg. */
export function formatKg(kg: number): string {
  return `${formatDecimal(kg, 0, 2)} Kg`;
}

/**
 * Admin delivered and cancelled tables show tonnes (docs/product.md,
 * decision 10): 1500 kg → '1.5 t'.
 */
export function formatTonnes(kg: number): string {
  // Three decimals keep whole kilograms visible: 12 kg → '0.012 t'.
  return `${formatDecimal(kg / 1000, 0, 3)} t`;
}

export function shortenIdForMobile(id: string): string {
  return id.slice(-MOBILE_ID_LENGTH);
}

export function shortenIdForDashboard(id: string): string {
  return id.length > DASHBOARD_ID_LENGTH ? `${id.slice(0, DASHBOARD_ID_LENGTH)}…` : id;
}

/** ON_DELIVERY → 'ON DELIVERY', cash_on_delivery → 'cash on delivery'. */
export function humanizeEnum(value: string): string {
  return value.replaceAll('_', ' ');
}

/** docs/product.md, decision 13: 'Casablanca → Rabat (112.4 km)'. */
export function formatShipmentRange(from: string, to: string, km: number): string {
  return `${from} → ${to} (${formatDistanceText(km)})`;
}
