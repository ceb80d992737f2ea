import { useQuery } from '@tanstack/react-query';
import type { DriverRunAnswer } from '#shared/schemas/driver-run-schemas';
import { apiRequest } from '../../../lib/api-client';
import { driverOrdersQueryKey } from '../orders/driver-orders-api';

/**
 * Under the orders' key: each step applied and each live order event refreshes the run with
 * the orders (src/web/features/driver/pages/driver-page.tsx).
 */
export const driverRunQueryKey = [...driverOrdersQueryKey, 'run'] as const;

/** GET /api/driver/run: the run not ended, its stops in order with their ETAs; null without one. */
export function useDriverRun() {
  return useQuery({
    queryKey: driverRunQueryKey,
    queryFn: ({ signal }) => apiRequest<DriverRunAnswer>('/driver/run', { signal }),
  });
}
