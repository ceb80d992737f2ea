import { describe, expect, it } from 'vitest';
import { cameraProblemOf, createRepeatFilter, readsLabelFormats } from './code-reading';

describe('cameraProblemOf', () => {
  it('tells a refusal from a missing camera from anything else', () => {
    expect(cameraProblemOf(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('no', 'SecurityError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('none', 'NotFoundError'))).toBe('absent');
    expect(cameraProblemOf(new DOMException('none', 'OverconstrainedError'))).toBe('absent');
    expect(cameraProblemOf(new DOMException('busy', 'NotReadableError'))).toBe('failed');
    expect(cameraProblemOf('odd')).toBe('failed');
  });
});

describe('readsLabelFormats', () => {
  it('needs both the Code 128 and the QR code', () => {
    expect(readsLabelFormats(['ean_13', 'code_128', 'qr_code'])).toBe(true);
    expect(readsLabelFormats(['qr_code'])).toBe(false);
    expect(readsLabelFormats(['code_128'])).toBe(false);
    expect(readsLabelFormats([])).toBe(false);
  });
});

describe('createRepeatFilter', () => {
  it('lets a code through once per window, and other codes meanwhile', () => {
    let time = 0;
    const isNew = createRepeatFilter(2000, () => time);
    expect(isNew('MA-AAAA-AAAA')).toBe(true);
    time = 500;
    expect(isNew('MA-AAAA-AAAA')).toBe(false);
    expect(isNew('MA-BBBB-BBBB')).toBe(true);
    // Each sighting extends the window: a label held still is read once.
    time = 2400;
    expect(isNew('MA-AAAA-AAAA')).toBe(false);
    time = 4500;
    expect(isNew('MA-AAAA-AAAA')).toBe(true);
  });
});
