import { skipToken } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import type {
  CreateOrderInput,
  CustomerOrderDetail,
  PriceRequest,
  PriceResult,
} from '#shared/schemas/order-schemas';

/**
 * POST /api/dashboard/distance: the server's price for a shipment (docs/product.md, decision 3).
 */
export function quotePrice(request: PriceRequest, signal?: AbortSignal): Promise<PriceResult> {
  return apiRequest<PriceResult>('/dashboard/distance', { method: 'POST', body: request, signal });
}

/**
 * The wizard's price as a query; no call without a request. The same inputs give the same
 * price, so a result is reused while the customer moves between steps; a failure is reported at
 * once rather than retried, since the screen offers its own retry and a fallback.
 */
export function priceQueryOptions(request: PriceRequest | undefined) {
  return {
    queryKey: ['ordering', 'price', request ?? null],
    queryFn: request
      ? ({ signal }: { signal: AbortSignal }) => quotePrice(request, signal)
      : skipToken,
    staleTime: 5 * 60_000,
    retry: false,
  } as const;
}

/**
 * POST /api/dashboard/neworder (201 { order }), placed once per `idempotencyKey`: sent again with
 * the same key after an answer was lost, it answers the order already placed.
 */
export function createOrder(payload: CreateOrderInput, idempotencyKey: string) {
  return apiRequest<{ order: CustomerOrderDetail }>('/dashboard/neworder', {
    method: 'POST',
    body: payload,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
