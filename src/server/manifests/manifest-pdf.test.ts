import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../tests/support/pdf-text';
import { pdfPageInfo } from '../../../tests/support/pdf-raster';
import { bilingualCity, renderManifestPdf, type ManifestDocument } from './manifest-pdf';

const carrier = {
  legalName: 'Atlas Freight SARL',
  address: '1 boulevard Zerktouni, Casablanca',
  ice: '001234567000089',
  if: '12345678',
  rc: 'Casablanca 456789',
  tp: '34567890',
  patente: '45678901',
};

function sheet(lineCount: number): ManifestDocument {
  return {
    kind: 'dispatch',
    number: 42,
    createdAt: new Date('2026-11-26T23:30:00Z'),
    carrier,
    driver: { name: 'Youssef Amrani', phone: '+212612345678' },
    truckNumber: '12345-A-6',
    organization: null,
    lines: Array.from({ length: lineCount }, (_, index) => ({
      trackingNumber: `MA-${String(index).padStart(4, '0')}-TEST`,
      receiverName: index === 0 ? 'محمد العلوي' : `Client ${index}`,
      receiverCity: index === 0 ? 'Tangier' : 'Rabat',
      amountToCollectCentimes: 10_050,
    })),
    totalToCollectCentimes: 10_050 * lineCount,
  };
}

describe('bilingualCity', () => {
  it('writes a city of the list in French and in Arabic, another as given', () => {
    expect(bilingualCity('Tangier')).toBe('Tanger · طنجة');
    expect(bilingualCity('Fes')).toBe('Fès · فاس');
    expect(bilingualCity('Nowhere')).toBe('Nowhere');
  });
});

// Rendering and reading back take seconds on a busy machine (nothing here is timed).
describe('renderManifestPdf', { timeout: 60_000 }, () => {
  it("dates the sheet on Morocco's day and names the driver, the truck and both signatures", async () => {
    const text = await readPdfText(await renderManifestPdf(sheet(2)));
    expect(text).toContain('Bordereau de remise N° 42');
    // 23:30 UTC on the 26th is already the 27th in Morocco (UTC+1).
    expect(text).toContain('Date : 27/11/2026');
    expect(text).toContain('Nom : Youssef Amrani');
    expect(text).toContain('Camion : 12345-A-6');
    expect(text).toContain('محمد العلوي');
    expect(text).toContain('Tanger · طنجة');
    expect(text).toMatch(/Total à encaisser 201,00 MAD/);
    expect(text).toContain('Remis par');
    expect(text).toContain('Reçu par');
  });

  it('runs onto more pages with the header row repeated, and leaves a blank for no driver', async () => {
    const pdf = await renderManifestPdf({
      ...sheet(120),
      kind: 'collection',
      driver: null,
      truckNumber: null,
      organization: {
        name: 'Bazar Agadir',
        pickupAddress: '12 rue Talborjt',
        pickupCity: 'Agadir',
      },
    });
    const { pages } = await pdfPageInfo(pdf);
    expect(pages).toBeGreaterThan(2);
    const text = await readPdfText(pdf);
    expect(text.match(/N° de suivi/g)?.length).toBeGreaterThanOrEqual(pages);
    expect(text).toContain("Bordereau d'enlèvement N° 42");
    expect(text).toContain('Nom : ______________________');
    expect(text).toContain('MA-0119-TEST');
    expect(text).toContain('120 colis');
  });
});
