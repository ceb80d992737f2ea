import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../tests/support/pdf-text';
import { SAMPLE_ARABIC_RECEIVER, sampleStatement } from './document-samples';
import { renderStatementPdf } from './statement-pdf';

// Rendering and reading back take seconds on a busy machine (nothing here is timed).
describe('renderStatementPdf', { timeout: 60_000 }, () => {
  it('writes a French statement whose parcels, receivers and totals read back', async () => {
    const text = await readPdfText(await renderStatementPdf(sampleStatement(3, 'fr')));
    expect(text).toContain('Relevé de versement PO-2026-000042');
    expect(text).toContain('Boutique Nour');
    expect(text).toContain('AT-2026-000001');
    expect(text).toContain('AT-2026-000003');
    expect(text).toContain(SAMPLE_ARABIC_RECEIVER);
    expect(text).toContain('Fatima Zahra');
    expect(text).toContain('350,00 MAD');
    expect(text).toContain('1.050,00 MAD');
    expect(text).toContain('945,00 MAD');
    expect(text).toContain('Payé le : 01/12/2026');
    expect(text).toContain('ICE 001234567000089');
    expect(text).toContain('Page 1 / 1');
  });

  it('writes an Arabic statement, right to left, in Arabic words', async () => {
    const text = await readPdfText(await renderStatementPdf(sampleStatement(2, 'ar')));
    expect(text).toContain('كشف الدفعة');
    expect(text).toContain('رقم التتبع');
    expect(text).toContain(SAMPLE_ARABIC_RECEIVER);
    expect(text).toContain('AT-2026-000002');
    expect(text).toContain('700,00');
    expect(text).toContain('الصافي المدفوع لكم');
  });

  it('renders 500 parcels on as many pages as they take, each with its header row', async () => {
    const pdf = await renderStatementPdf(sampleStatement(500, 'en'));
    const text = await readPdfText(pdf);
    const pages = text.match(/Page \d+ \/ (\d+)/)![1]!;
    expect(Number(pages)).toBeGreaterThan(10);
    expect(text).toContain(`Page ${pages} / ${pages}`);
    // Every page with parcels starts with the header row (the footer ends each page's text).
    const pageTexts = text.split(/Page \d+ \/ \d+/).filter((page) => page.includes('AT-2026-'));
    expect(pageTexts.length).toBeGreaterThanOrEqual(Number(pages) - 1);
    for (const page of pageTexts) expect(page).toContain('Tracking number');
    expect(text).toContain('AT-2026-000500');
    expect(text).toContain('175,000.00 MAD');
    expect(text).toContain('157,500.00 MAD');
  });
});
