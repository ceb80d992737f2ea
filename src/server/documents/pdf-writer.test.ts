import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../tests/support/pdf-text';
import { PdfWriter } from './pdf-writer';

const ARABIC_NAME = 'محمد العلوي';

function pageCountOf(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}

// Rendering and reading back take seconds on a busy machine (nothing here is timed).
describe('PdfWriter', { timeout: 60_000 }, () => {
  it('writes Latin text, numbers and an Arabic name that read back as typed', async () => {
    const writer = new PdfWriter({
      language: 'fr',
      title: 'Relevé de test',
      headerText: 'Atlas Freight SARL',
      pageLabel: (page, count) => `Page ${page} / ${count}`,
    });
    writer.text('Bonjour Casablanca', { size: 16, bold: true });
    writer.text('Total : 1.234,50 MAD');
    writer.text(`Destinataire : ${ARABIC_NAME} (AT-2026-000123)`);
    writer.text(ARABIC_NAME, { direction: 'auto', align: 'end' });
    const pdf = await writer.render();

    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await readPdfText(pdf);
    expect(text).toContain('Bonjour Casablanca');
    expect(text).toContain('1.234,50 MAD');
    expect(text).toContain('AT-2026-000123');
    expect(text).toContain(ARABIC_NAME);
    expect(text).toContain('Page 1 / 1');
    expect(text).toContain('Atlas Freight SARL');
  });

  it('reads back letters that share a glyph body with letters written before them', async () => {
    // Noto Sans Arabic draws ب ت ث ن ي on one dotless body, س and ش on another, ع and غ too.
    const words = ['سوق', 'كشف', 'بنت', 'ثابت', 'عرب', 'غرب', 'نبيل', 'يونس'];
    const writer = new PdfWriter({ language: 'ar', title: 'اختبار', pageLabel: () => '' });
    for (const word of words) writer.text(word);
    writer.text(words.join(' '));
    const text = await readPdfText(await writer.render());
    for (const word of words) expect(text.split('\n')).toContain(word);
    expect(text).toContain(words.join(' '));
  });

  it('carries a long paragraph on to the next pages', async () => {
    const writer = new PdfWriter({ language: 'en', title: 'Long', pageLabel: () => '' });
    writer.text('Casablanca Rabat Tanger '.repeat(1500));
    expect(pageCountOf(await writer.render())).toBeGreaterThan(2);
  });

  it('breaks a long table across pages, repeats its header and numbers the pages', async () => {
    const writer = new PdfWriter({
      language: 'ar',
      title: 'كشف',
      pageLabel: (page, count) => `${page} / ${count}`,
    });
    writer.table(
      [
        { header: 'رقم التتبع', width: 2 },
        { header: 'المستلم', width: 3, direction: 'auto', maxLines: 2 },
        { header: 'المبلغ', width: 1.5, align: 'end' },
      ],
      Array.from({ length: 120 }, (_, index) => [
        `AT-${String(index + 1).padStart(6, '0')}`,
        index % 2 === 0
          ? ARABIC_NAME
          : 'Youssef Bennani with a name far too long to fit '.repeat(4),
        `${index + 1},00 درهم`,
      ]),
      { footerRows: [['', 'المجموع', '7.260,00 درهم']] },
    );
    const pdf = await writer.render();

    const pages = pageCountOf(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = await readPdfText(pdf);
    expect(text).toContain('AT-000001');
    expect(text).toContain('AT-000120');
    expect(text).toContain(ARABIC_NAME);
    expect(text.match(/رقم التتبع/g)).toHaveLength(pages);
    expect(text).toContain(`${pages} / ${pages}`);
    // NFKC writes the ellipsis of a cut cell as three dots.
    expect(text).toContain('...');
    expect(text).toContain('7.260,00');
  });

  it('writes on another page size without header or footer, and draws shapes', async () => {
    const page = { width: 283.46, height: 425.2, margins: { top: 0, bottom: 0, side: 0 } };
    const writer = new PdfWriter({ language: 'fr', title: 'Étiquette', headerText: 'Atlas', page });
    expect(writer.width).toBeCloseTo(283.46);
    writer.textAt('CAS', 10, { size: 22, bold: true, left: 10, width: 100 });
    writer.fillRects([{ left: 10, top: 60, width: 2, height: 40 }]);
    writer.fillPolygon([
      [10, 120],
      [30, 130],
      [10, 140],
    ]);
    writer.strokeLines([[0, 200, 283.46, 200]], { dash: 4 });
    writer.strokeRect({ left: 10, top: 210, width: 100, height: 30 }, { width: 2 });
    writer.addPage();
    writer.text('Deuxième');
    const pdf = await writer.render();

    expect(pageCountOf(pdf)).toBe(2);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 283\.46 425\.2\]/);
    const text = await readPdfText(pdf);
    expect(text).toBe('CAS\nDeuxième');
  });
});
