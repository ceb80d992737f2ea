/**
 * The organization's default pickup address (docs/decisions/0021-shippers-api.md, "The sender"):
 * where its API and imported parcels are picked up when they name no sender.
 *
 *   GET   /api/org/pickup-address                          → PickupAddressSchema (any member)
 *   PATCH /api/org/pickup-address  PickupAddressUpdateSchema → PickupAddressSchema (owner)
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { cityField } from './order-schemas';

export const PICKUP_ADDRESS_MAX_LENGTH = 300;

export const PickupAddressUpdateSchema = z.object({
  city: cityField(messageKey('order.pickup_required')),
  address: z
    .string({ error: messageKey('pickup.address_required') })
    .trim()
    .min(1, messageKey('pickup.address_required'))
    .max(
      PICKUP_ADDRESS_MAX_LENGTH,
      messageKey('validation.too_long', { max: PICKUP_ADDRESS_MAX_LENGTH }),
    ),
});
export type PickupAddressUpdateInput = z.input<typeof PickupAddressUpdateSchema>;
export type PickupAddressUpdate = z.output<typeof PickupAddressUpdateSchema>;

/** Both null until the owner sets them. */
export const PickupAddressSchema = z.object({
  city: z.string().nullable(),
  address: z.string().nullable(),
});
export type PickupAddress = z.infer<typeof PickupAddressSchema>;
