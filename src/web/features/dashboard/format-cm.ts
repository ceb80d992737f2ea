import { formatDecimal } from '../../../shared/numbers';

/** A parcel size without its unit, for "30 × 20 × 10 cm". */
export function formatCmValue(cm: number): string {
  return formatDecimal(cm, 0, 2);
}

/** Parcel sizes: '30 cm', '12.5 cm'. */
export function formatCm(cm: number): string {
  return `${formatCmValue(cm)} cm`;
}
