import { describe, expect, it } from 'vitest';
import { toCsv, type CsvColumn } from './csv';

interface Row {
  name: string;
  amount: number | null;
}
const columns: CsvColumn<Row>[] = [
  { header: 'csv.name', value: (row) => row.name },
  { header: 'csv.amount_mad', value: (row) => row.amount },
];

describe('toCsv', () => {
  it('writes a header and one CRLF-ended line per row, after a byte order mark', () => {
    expect(toCsv(columns, [{ name: 'Atlas', amount: 12.5 }])).toBe(
      '\uFEFFName,Amount (MAD)\r\nAtlas,12.5\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, and leaves missing values empty', () => {
    const csv = toCsv(columns, [{ name: 'Souss, "Logistique"\nSARL', amount: null }]);
    expect(csv.split('\r\n')[1]).toBe('"Souss, ""Logistique""\nSARL",');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    const csv = toCsv(columns, [
      { name: '=HYPERLINK("http://evil")', amount: -5 },
      { name: '+212661234567', amount: 0 },
    ]);
    const [, first, second] = csv.split('\r\n');
    expect(first).toBe('"\'=HYPERLINK(""http://evil"")",-5');
    expect(second).toBe("'+212661234567,0");
  });

  it('keeps Arabic and accented names as they are', () => {
    expect(toCsv(columns, [{ name: 'شركة الأطلس – Fès', amount: 1 }])).toContain(
      'شركة الأطلس – Fès,1',
    );
  });
});
