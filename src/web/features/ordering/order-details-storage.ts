import { z } from 'zod';

/**
 * docs/product.md, section 2: the calculator hands its result to the wizard
 * under this sessionStorage key.
 */
export const ORDER_DETAILS_KEY = 'orderDetails';

const OrderDetailsSchema = z.object({
  pickupLocation: z.string(),
  deliveryLocation: z.string(),
  weight: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  price: z.number(),
  distance: z.number(),
  distanceText: z.string(),
  duration: z.string(),
});
export type OrderDetails = z.infer<typeof OrderDetailsSchema>;

export function storeOrderDetails(details: OrderDetails): void {
  try {
    window.sessionStorage.setItem(ORDER_DETAILS_KEY, JSON.stringify(details));
  } catch {
    // Storage blocked: the wizard simply opens empty.
  }
}

/** The calculator's result, or null when there is none or it cannot be read. */
export function readOrderDetails(): OrderDetails | null {
  try {
    const raw = window.sessionStorage.getItem(ORDER_DETAILS_KEY);
    if (!raw) return null;
    const parsed = OrderDetailsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function removeOrderDetails(): void {
  try {
    window.sessionStorage.removeItem(ORDER_DETAILS_KEY);
  } catch {
    // Storage blocked: nothing was stored.
  }
}
