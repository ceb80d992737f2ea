import { describe, expect, it } from 'vitest';
import { toPositionReport } from './position-report';

describe('toPositionReport', () => {
  it('reports a fix in Morocco with its accuracy in whole metres', () => {
    expect(toPositionReport({ latitude: 30.4278, longitude: -9.5981, accuracy: 12.6 })).toEqual({
      lat: 30.4278,
      lng: -9.5981,
      accuracy: 13,
    });
    expect(toPositionReport({ latitude: 33.5731, longitude: -7.5898, accuracy: null })).toEqual({
      lat: 33.5731,
      lng: -7.5898,
    });
  });

  it('drops a fix outside Morocco', () => {
    expect(toPositionReport({ latitude: 48.8566, longitude: 2.3522, accuracy: 10 })).toBeNull();
    expect(toPositionReport({ latitude: 33.5, longitude: 5, accuracy: 10 })).toBeNull();
    expect(toPositionReport({ latitude: Number.NaN, longitude: -7.5, accuracy: 10 })).toBeNull();
  });
});
