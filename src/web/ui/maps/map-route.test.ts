import { describe, expect, it } from 'vitest';
import { routeColourOf, ROUTE_COLOURS, stateOfStops } from './map-route';

describe('stateOfStops', () => {
  it('puts the settled stops behind, the first open one next, the rest to come', () => {
    expect(stateOfStops(['done', 'failed', null, null])).toEqual(['done', 'done', 'next', 'ahead']);
    expect(stateOfStops([null, null])).toEqual(['next', 'ahead']);
    expect(stateOfStops(['done', 'dropped'])).toEqual(['done', 'done']);
  });
});

describe('routeColourOf', () => {
  it('gives each truck its colour, starting again after the last', () => {
    expect(routeColourOf(0)).toBe(ROUTE_COLOURS[0]);
    expect(routeColourOf(ROUTE_COLOURS.length + 1)).toBe(ROUTE_COLOURS[1]);
  });
});
