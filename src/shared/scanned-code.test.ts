import { describe, expect, it } from 'vitest';
import { trackingLink } from './labels';
import { trackingNumberFromScan } from './scanned-code';

describe('trackingNumberFromScan', () => {
  it('keeps a tracking number as it is printed', () => {
    expect(trackingNumberFromScan('MA-7K3Q-9ZP2')).toBe('MA-7K3Q-9ZP2');
  });

  it('accepts any case and surrounding spaces or a line end', () => {
    expect(trackingNumberFromScan('  ma-7k3q-9zp2 \n')).toBe('MA-7K3Q-9ZP2');
    expect(trackingNumberFromScan('\tMa-7K3q-9zP2')).toBe('MA-7K3Q-9ZP2');
  });

  it("reads the number out of the label's QR link", () => {
    const link = trackingLink('https://atlas.example.ma/', 'MA-7K3Q-9ZP2');
    expect(trackingNumberFromScan(link)).toBe('MA-7K3Q-9ZP2');
    expect(trackingNumberFromScan(` ${link} `)).toBe('MA-7K3Q-9ZP2');
  });

  it('reads the link with other parameters, escapes and a lower-case number', () => {
    expect(
      trackingNumberFromScan('http://localhost:5173/track-shipment?lang=fr&n=ma%2D7k3q-9zp2#top'),
    ).toBe('MA-7K3Q-9ZP2');
  });

  it('leaves another link as it is, so its look-up finds nothing', () => {
    expect(trackingNumberFromScan('https://example.com/?q=MA-7K3Q-9ZP2')).toBe(
      'HTTPS://EXAMPLE.COM/?Q=MA-7K3Q-9ZP2',
    );
  });

  it('gives nothing for an empty scan or a link without a number', () => {
    expect(trackingNumberFromScan('   ')).toBeNull();
    expect(trackingNumberFromScan('https://atlas.example.ma/track-shipment?n=')).toBeNull();
  });

  it('keeps a malformed escape rather than throwing', () => {
    expect(trackingNumberFromScan('/track-shipment?n=%E0%A4%A')).toBe('%E0%A4%A');
  });
});
