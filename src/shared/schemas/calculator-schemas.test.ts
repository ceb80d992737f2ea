import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DirectCalculatorSchema, DistanceCalculatorSchema } from './calculator-schemas';

/** The first message for each field, as the form shows it. */
function messagesOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

describe('DistanceCalculatorSchema', () => {
  const valid = {
    pickupCity: 'Agadir',
    deliveryCity: 'Tanger',
    weight: '10',
    length: '20',
    width: '15',
    height: '10',
  };

  it('asks for both cities with one message', () => {
    expect(
      messagesOf(DistanceCalculatorSchema, { ...valid, pickupCity: '', deliveryCity: '' }),
    ).toEqual({
      pickupCity: 'calculator.cities_required',
      deliveryCity: 'calculator.cities_required',
    });
    expect(messagesOf(DistanceCalculatorSchema, { ...valid, deliveryCity: 'Madrid' })).toEqual({
      deliveryCity: 'order.city_not_listed',
    });
  });

  it('takes a weight of 1 kg or more', () => {
    expect(messagesOf(DistanceCalculatorSchema, { ...valid, weight: '0.99' })).toEqual({
      weight: 'calculator.weight_min',
    });
    expect(DistanceCalculatorSchema.parse({ ...valid, weight: '1.25' })).toMatchObject({
      deliveryCity: 'Tangier',
      weight: 1.25,
    });
  });
});

describe('DirectCalculatorSchema', () => {
  const valid = {
    originLat: '30.42',
    originLng: '-9.6',
    destinationLat: '0',
    destinationLng: '0',
    weight: '3',
    vehicle: 'car',
    express: false,
  };

  it('takes 0 as a coordinate but not a blank field', () => {
    expect(DirectCalculatorSchema.parse(valid)).toMatchObject({
      destinationLat: 0,
      originLng: -9.6,
    });
    expect(
      messagesOf(DirectCalculatorSchema, { ...valid, originLat: ' ', destinationLng: '200' }),
    ).toEqual({
      originLat: 'calculator.latitude_invalid',
      destinationLng: 'calculator.longitude_invalid',
    });
  });

  it('asks for a weight above 0 and a known vehicle', () => {
    expect(
      messagesOf(DirectCalculatorSchema, { ...valid, weight: '', vehicle: 'bicycle' }),
    ).toEqual({
      weight: 'order.weight_required',
      vehicle: 'calculator.vehicle_required',
    });
  });
});
