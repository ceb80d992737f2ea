import type { BlockLine } from './pdf-writer';

/** The carrier's legal identity, as the office's settings hold it, on every document. */
export interface CarrierIdentity {
  legalName: string;
  address: string;
  ice: string;
  if: string;
  rc: string;
  tp: string;
  patente: string;
}

/** "ICE 001234567000089 · IF 12345678 · RC 123456 · TP 12345678 · Patente 12345678". */
export function carrierIdentifiersLine(carrier: CarrierIdentity): string {
  return [
    ['ICE', carrier.ice],
    ['IF', carrier.if],
    ['RC', carrier.rc],
    ['TP', carrier.tp],
    ['Patente', carrier.patente],
  ]
    .filter(([, value]) => value && value.trim() !== '')
    .map(([label, value]) => `${label} ${value}`)
    .join(' · ');
}

/** The carrier's block: its name in bold, its address, then its identifiers one per line. */
export function carrierBlockLines(carrier: CarrierIdentity): BlockLine[] {
  return [
    { text: carrier.legalName, bold: true, size: 11, direction: 'auto' },
    { text: carrier.address, size: 9, direction: 'auto' },
    { text: carrierIdentifiersLine(carrier), size: 8.5, direction: 'auto' },
  ];
}
