import { useQuery } from '@tanstack/react-query';
import type { DriverOrderList, DriverStepResult } from '#shared/schemas/driver-schemas';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import { apiRequest } from '../../../lib/api-client';
import type { StepAction } from '../offline/step-queue';

/** The driver's orders: the live updates refresh what sits under this key. */
export const driverOrdersQueryKey = ['driver', 'orders'] as const;

/** GET /api/driver/orders: their orders on the road, then the last ones they delivered. */
export function useDriverOrders() {
  return useQuery({
    queryKey: driverOrdersQueryKey,
    queryFn: ({ signal }) => apiRequest<DriverOrderList>('/driver/orders', { signal }),
  });
}

/** POST /api/driver/orders/:id/<step> with the step's own Idempotency-Key. */
export function sendStep(action: StepAction): Promise<DriverStepResult> {
  return apiRequest<DriverStepResult>(`/driver/orders/${action.orderId}/${action.step}`, {
    method: 'POST',
    body: action.body ?? {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: action.key },
  });
}
