import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL, tileImageSource } from './map-tiles';

describe('tileImageSource', () => {
  it('turns the tile servers’ placeholder into a CSP wildcard', () => {
    expect(tileImageSource(DEFAULT_MAP_TILE_URL)).toBe('https://*.tile.openstreetmap.org');
  });

  it('keeps a fixed host with its port', () => {
    expect(tileImageSource('http://tiles.depot.ma:8080/{z}/{x}/{y}.png')).toBe(
      'http://tiles.depot.ma:8080',
    );
  });

  it('refuses what no CSP source can express', () => {
    expect(tileImageSource('not a url')).toBeUndefined();
    expect(tileImageSource('ftp://tiles.depot.ma/{z}/{x}/{y}.png')).toBeUndefined();
    expect(tileImageSource('https://tiles.{s}.depot.ma/{z}/{x}/{y}.png')).toBeUndefined();
    expect(tileImageSource('https://{s}.ma/{z}/{x}/{y}.png')).toBeUndefined();
  });
});
