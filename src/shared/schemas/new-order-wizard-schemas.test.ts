import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { findCity } from '../cities';
import {
  CargoStepSchema,
  findFirstStepOf,
  findWizardFieldOf,
  NEW_ORDER_STEP_FIELDS,
  NEW_ORDER_STEP_SCHEMAS,
  NewOrderWizardSchema,
  PaymentStepSchema,
  ReceiverStepSchema,
  RouteStepSchema,
  toCreateOrderPayload,
  toPriceRequest,
} from './new-order-wizard-schemas';
import { CreateOrderSchema } from './order-schemas';

/** The first message for each field, as the form shows it. */
function messagesOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

const route = {
  pickupLocation: 'agadir',
  pickupAddress: '  12 Rue Al Moukaouama ',
  deliveryLocation: 'Casablanca',
  deliveryAddress: '',
};
const cargo = {
  weight: '12.5',
  length: '40',
  width: '30',
  height: '20',
  cargoType: 'fragile',
  priority: 'express',
  shipmentInfo: 'Ceramic tiles',
};
const receiver = {
  priority: 'express',
  receiverName: ' Khadija Ouazzani ',
  receiverPhone: '+212612345678',
  receiverEmail: '',
  specialInstructions: 'Call before delivery',
};
const card = {
  paymentMethod: 'card',
  cardNumber: '4242 4242 4242 4242',
  cardName: 'K OUAZZANI',
  expiryDate: '12/29',
  cvv: '123',
};

describe('step 1, route', () => {
  it('requires both cities with the specification messages', () => {
    expect(
      messagesOf(RouteStepSchema, { ...route, pickupLocation: '', deliveryLocation: ' ' }),
    ).toEqual({
      pickupLocation: 'order.pickup_required',
      deliveryLocation: 'order.delivery_required',
    });
  });

  it('takes only listed cities and gives them back in their listed spelling', () => {
    expect(messagesOf(RouteStepSchema, { ...route, deliveryLocation: 'Paris' })).toEqual({
      deliveryLocation: 'order.city_not_listed',
    });
    expect(RouteStepSchema.parse({ ...route, deliveryLocation: 'fez' })).toEqual({
      pickupLocation: 'Agadir',
      pickupAddress: '12 Rue Al Moukaouama',
      deliveryLocation: 'Fes',
      deliveryAddress: undefined,
    });
  });
});

describe('step 2, cargo', () => {
  it('asks for a weight and three sizes above 0', () => {
    expect(
      messagesOf(CargoStepSchema, {
        ...cargo,
        weight: '',
        length: '0',
        width: '-3',
        height: 'abc',
      }),
    ).toEqual({
      weight: 'order.weight_required',
      length: 'order.length_required',
      width: 'order.width_required',
      height: 'order.height_required',
    });
  });

  it('reads the typed numbers and knows the four cargo types', () => {
    expect(CargoStepSchema.parse(cargo)).toMatchObject({
      weight: 12.5,
      length: 40,
      cargoType: 'fragile',
    });
    expect(messagesOf(CargoStepSchema, { ...cargo, cargoType: 'explosive' })).toEqual({
      cargoType: 'order.cargo_type_required',
    });
  });
});

describe('step 3, receiver', () => {
  it('requires priority, receiver name and receiver phone; the email is optional', () => {
    expect(
      messagesOf(ReceiverStepSchema, {
        ...receiver,
        priority: '',
        receiverName: ' ',
        receiverPhone: '',
      }),
    ).toEqual({
      priority: 'order.priority_required',
      receiverName: 'order.receiver_name_required',
      receiverPhone: 'order.receiver_phone_required',
    });
    expect(ReceiverStepSchema.parse(receiver)).toMatchObject({
      receiverName: 'Khadija Ouazzani',
      receiverEmail: undefined,
    });
  });

  it('checks the phone and the email as the server does', () => {
    expect(
      messagesOf(ReceiverStepSchema, { ...receiver, receiverPhone: '0612', receiverEmail: 'nope' }),
    ).toEqual({
      receiverPhone: 'validation.phone_invalid',
      receiverEmail: 'validation.email_invalid',
    });
  });
});

describe('step 4, payment', () => {
  it('requires every card field when paying by card', () => {
    expect(
      messagesOf(PaymentStepSchema, {
        paymentMethod: 'card',
        cardNumber: '',
        cardName: ' ',
        expiryDate: '',
        cvv: '',
      }),
    ).toEqual({
      cardNumber: 'order.card_number_required',
      cardName: 'order.card_name_required',
      expiryDate: 'order.card_expiry_required',
      cvv: 'order.card_cvv_required',
    });
  });

  it('needs no card for cash on delivery, and drops what was typed', () => {
    expect(PaymentStepSchema.parse({ ...card, paymentMethod: 'cod' })).toEqual({
      paymentMethod: 'cod',
      codAmount: 0,
      feePaidBy: 'sender',
      declaredValue: undefined,
    });
    expect(messagesOf(PaymentStepSchema, { paymentMethod: 'cheque' })).toEqual({
      paymentMethod: 'order.payment_method_required',
    });
  });
});

describe('step 4, the amount to collect', () => {
  it('reads the goods’ value and the declared value as MAD, empty as none', () => {
    expect(
      PaymentStepSchema.parse({
        paymentMethod: 'cod',
        codAmount: '350.5',
        feePaidBy: 'receiver',
        declaredValue: '',
      }),
    ).toEqual({
      paymentMethod: 'cod',
      codAmount: 350.5,
      feePaidBy: 'receiver',
      declaredValue: undefined,
    });
  });

  it('refuses bad amounts, and a receiver paying the fee by card, on their fields', () => {
    expect(
      messagesOf(PaymentStepSchema, {
        paymentMethod: 'cod',
        codAmount: '-1',
        declaredValue: '1.234',
      }),
    ).toEqual({
      codAmount: 'order.cod_amount_invalid',
      declaredValue: 'order.amount_cents',
    });
    expect(
      messagesOf(PaymentStepSchema, { ...card, paymentMethod: 'card', feePaidBy: 'receiver' }),
    ).toEqual({ feePaidBy: 'order.receiver_pays_in_cash' });
  });
});

describe('the whole wizard', () => {
  const values = { ...route, ...cargo, ...receiver, ...card };

  it('lists, for each input step, exactly the fields its schema checks', () => {
    const [route, cargo, receiver] = NEW_ORDER_STEP_SCHEMAS;
    [route, cargo, receiver].forEach((schema, index) => {
      expect(NEW_ORDER_STEP_FIELDS[index]).toEqual(Object.keys(schema.shape));
    });
  });

  it('builds the payload of docs/product.md, section 3 that the server accepts, without any card detail', () => {
    const order = NewOrderWizardSchema.parse(values);
    const payload = toCreateOrderPayload(order, 1234.5);
    expect(payload).toEqual({
      priority: 'express',
      pickup_loc: 'Agadir',
      delivery_loc: 'Casablanca',
      pickup_address: '12 Rue Al Moukaouama',
      delivery_address: undefined,
      width: 30,
      height: 20,
      weight: 12.5,
      leingth: 40,
      payment_method: 'online',
      cod_amount: 0,
      fee_paid_by: 'sender',
      price: 1234.5,
      shipment_info: 'Ceramic tiles',
      shipment_note: 'Call before delivery',
      receiver_name: 'Khadija Ouazzani',
      receiver_phone: '+212612345678',
      receiver_email: undefined,
      cargo_type: 'fragile',
    });
    const sent = JSON.stringify(payload);
    for (const secret of [card.cardNumber, card.cardName, card.expiryDate, 'cvv', 'card']) {
      expect(sent).not.toContain(secret);
    }
    expect(CreateOrderSchema.safeParse(payload).success).toBe(true);
  });

  it('sends cash on delivery as cash_on_delivery, with the amount to collect', () => {
    const order = NewOrderWizardSchema.parse({
      ...values,
      paymentMethod: 'cod',
      codAmount: '350',
      feePaidBy: 'receiver',
      declaredValue: '400',
    });
    expect(toCreateOrderPayload(order, 0)).toMatchObject({
      payment_method: 'cash_on_delivery',
      cod_amount: 350,
      fee_paid_by: 'receiver',
      declared_value: 400,
    });
    expect(findWizardFieldOf('fee_paid_by')).toBe('feePaidBy');
    expect(findFirstStepOf(['codAmount'])).toBe(3);
  });
});

describe('server field errors', () => {
  it('finds the wizard field and its step', () => {
    expect(findWizardFieldOf('leingth')).toBe('length');
    expect(findWizardFieldOf('shipment_note')).toBe('specialInstructions');
    expect(findWizardFieldOf('toString')).toBeUndefined();
    expect(findFirstStepOf(['receiverPhone', 'weight'])).toBe(1);
    expect(findFirstStepOf(['nothing'])).toBeUndefined();
  });
});

describe('toPriceRequest', () => {
  it('sends the coordinates of the chosen cities and the priority as type', () => {
    const agadir = findCity('Agadir')!;
    const rabat = findCity('Rabat')!;
    expect(
      toPriceRequest({
        pickupLocation: 'Agadir',
        deliveryLocation: 'rabat',
        weight: 3,
        length: 20,
        width: 15,
        height: 10,
        priority: 'urgent',
      }),
    ).toEqual({
      origin: { lat: agadir.lat, lng: agadir.lng },
      destination: { lat: rabat.lat, lng: rabat.lng },
      weight: 3,
      length: 20,
      width: 15,
      height: 10,
      type: 'urgent',
    });
  });

  it('skips the calculation when a city is not on the list', () => {
    expect(
      toPriceRequest({
        pickupLocation: 'Atlantis',
        deliveryLocation: 'Rabat',
        weight: 3,
        length: 1,
        width: 1,
        height: 1,
        priority: 'normal',
      }),
    ).toBeUndefined();
  });
});
