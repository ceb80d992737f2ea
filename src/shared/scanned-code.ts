/**
 * What a scan or a typed entry names: a tracking number, whichever way it reached us. A label's
 * Code 128 holds the number itself, its QR code the public tracking link
 * (`PUBLIC_URL/track-shipment?n=MA-…`, #shared/labels `trackingLink`), and a person types it in any
 * case with stray spaces. Tracking numbers are stored upper-case, so the look-ups compare this
 * one form. Returns null when nothing is left to look up.
 */
export function trackingNumberFromScan(text: string): string | null {
  const trimmed = text.trim();
  const fromLink = /track-shipment\/?\?(?:[^#]*&)?n=([^&#]*)/i.exec(trimmed);
  let number = trimmed;
  if (fromLink) {
    try {
      number = decodeURIComponent(fromLink[1]!.replace(/\+/g, ' '));
    } catch {
      // A malformed escape is not a tracking number; the look-up answers unknown.
      number = fromLink[1]!;
    }
  }
  const normalised = number.trim().toUpperCase();
  return normalised === '' ? null : normalised;
}
