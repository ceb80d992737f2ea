import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../tests/support/pdf-text';
import { sampleInvoice } from './document-samples';
import { renderInvoicePdf } from './invoice-pdf';

// Rendering and reading back take seconds on a busy machine (nothing here is timed).
describe('renderInvoicePdf', { timeout: 60_000 }, () => {
  it('writes a French invoice with the carrier, the customer, totals and the total in words', async () => {
    const text = await readPdfText(await renderInvoicePdf(sampleInvoice()));
    // The sentence in words wraps: read it across lines.
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('Facture FA-2026-000001');
    expect(text).toContain('Atlas Freight SARL');
    for (const identifier of ['ICE 001234567000089', 'IF 12345678', 'RC Casablanca 456789']) {
      expect(text).toContain(identifier);
    }
    expect(text).toContain('TP 34567890');
    expect(text).toContain('Patente 45678901');
    expect(text).toContain('شركة النور للتجارة');
    expect(text).toContain('ICE : 002345678000012');
    expect(text).toContain('Période : novembre 2026');
    expect(text).toContain('AT-2026-000002');
    expect(text).toMatch(/Total HT 1\.028,80 MAD/);
    expect(text).toMatch(/TVA \(20 %\) 205,76 MAD/);
    expect(text).toMatch(/Total TTC 1\.234,56 MAD/);
    expect(flat).toContain(
      'Arrêtée la présente facture à la somme de : mille deux cent trente-quatre dirhams et ' +
        'cinquante-six centimes TTC.',
    );
  });

  it('writes a credit note against an invoice, with its reason', async () => {
    const text = await readPdfText(
      await renderInvoicePdf({
        ...sampleInvoice(),
        kind: 'credit_note',
        number: 'AV-2026-000001',
        creditedInvoiceNumber: 'FA-2026-000001',
        reason: 'Colis AT-2026-000002 facturé deux fois',
        period: null,
        lines: [
          {
            description: 'Frais de livraison',
            reference: 'AT-2026-000002',
            quantity: 1,
            unitTtcCentimes: 9_000,
            totalTtcCentimes: 9_000,
          },
        ],
        totals: { htCentimes: 7_500, vatCentimes: 1_500, ttcCentimes: 9_000 },
      }),
    );
    expect(text).toContain('Avoir AV-2026-000001');
    expect(text).toContain('Facture rectifiée : FA-2026-000001');
    expect(text).toContain('Motif : Colis AT-2026-000002 facturé deux fois');
    expect(text).toContain('Arrêté le présent avoir à la somme de : quatre-vingt-dix dirhams TTC.');
  });
});
