import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { calculateWizardFallbackPrice, type CargoType, type Priority } from '#shared/pricing';
import {
  CargoStepSchema,
  DEFAULT_CARGO_TYPE,
  DEFAULT_PRIORITY,
  NEW_ORDER_STEP_SCHEMAS,
  RouteStepSchema,
  type PricedShipment,
  type WizardPaymentMethod,
} from '#shared/schemas/new-order-wizard-schemas';
import type { FeePayer } from '#shared/merchant-money';
import type { OrderDetails } from './order-details-storage';

/** The wizard's fields as the inputs hold them: text until the step schemas read them. */
export interface NewOrderFormValues {
  pickupLocation: string;
  pickupAddress: string;
  deliveryLocation: string;
  deliveryAddress: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  cargoType: CargoType;
  priority: Priority;
  shipmentInfo: string;
  receiverName: string;
  receiverPhone: string;
  receiverEmail: string;
  specialInstructions: string;
  paymentMethod: WizardPaymentMethod;
  /** MAD the receiver pays for the goods at the door; empty is none. */
  codAmount: string;
  feePaidBy: FeePayer;
  /** MAD; empty is not declared. */
  declaredValue: string;
  cardNumber: string;
  cardName: string;
  expiryDate: string;
  cvv: string;
  /** The receiver may open the parcel before paying (docs/decisions/0023-failed-deliveries-and-returns.md). */
  allowOpen: boolean;
}

export const CARD_FIELDS = ['cardNumber', 'cardName', 'expiryDate', 'cvv'] as const;

/** An empty order, or the calculator's cities, weight and size (docs/product.md, section 2). */
export function createNewOrderDefaults(prefill: OrderDetails | null): NewOrderFormValues {
  return {
    pickupLocation: prefill?.pickupLocation ?? '',
    pickupAddress: '',
    deliveryLocation: prefill?.deliveryLocation ?? '',
    deliveryAddress: '',
    weight: prefill ? String(prefill.weight) : '',
    length: prefill ? String(prefill.length) : '',
    width: prefill ? String(prefill.width) : '',
    height: prefill ? String(prefill.height) : '',
    cargoType: DEFAULT_CARGO_TYPE,
    priority: DEFAULT_PRIORITY,
    shipmentInfo: '',
    receiverName: '',
    receiverPhone: '',
    receiverEmail: '',
    specialInstructions: '',
    // docs/product.md, section 9: cash on delivery unless the customer chooses otherwise.
    paymentMethod: 'cod',
    codAmount: '',
    feePaidBy: 'sender',
    declaredValue: '',
    cardNumber: '',
    cardName: '',
    expiryDate: '',
    cvv: '',
    allowOpen: false,
  };
}

const stepResolvers = NEW_ORDER_STEP_SCHEMAS.map(
  // Each step's schema reads only its own fields out of the whole form's values.
  (schema) => zodResolver(schema) as unknown as Resolver<NewOrderFormValues>,
);

/**
 * The form's resolver validates with the schema of the step on screen, so Next checks that step
 * alone; the wizard tells it which step that is.
 */
export function createStepValidation() {
  let step = 0;
  const resolver: Resolver<NewOrderFormValues> = (values, context, options) =>
    stepResolvers[step]!(values, context, options);
  return {
    resolver,
    showStep(next: number) {
      step = Math.min(next, stepResolvers.length - 1);
    },
  };
}

/** The route and cargo as the steps read them, or undefined while either step is invalid. */
export function readPricedShipment(
  values: Partial<NewOrderFormValues>,
): (PricedShipment & { cargoType: CargoType }) | undefined {
  const route = RouteStepSchema.safeParse(values);
  const cargo = CargoStepSchema.safeParse(values);
  if (!route.success || !cargo.success) return undefined;
  return { ...route.data, ...cargo.data };
}

/**
 * docs/product.md, section 9's cargo-type rule: shown, as an estimate, only
 * when the price call fails.
 */
export function estimateWizardPrice(shipment: PricedShipment & { cargoType: CargoType }): number {
  return calculateWizardFallbackPrice({
    cargoType: shipment.cargoType,
    weightKg: shipment.weight,
    lengthCm: shipment.length,
    widthCm: shipment.width,
    heightCm: shipment.height,
    priority: shipment.priority,
  });
}
