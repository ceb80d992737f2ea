import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '../../../lib/api-client';
import type { CustomerOrderDetail, CustomerReturnsList } from '#shared/schemas/order-schemas';
import type { DashboardReturnsView, Reattempt } from '#shared/schemas/returns-schemas';
import { dashboardQueryKeys, DASHBOARD_PAGE_SIZE } from './dashboard-queries';

/** One page of a view of /dashboard/returns (docs/decisions/0023-failed-deliveries-and-returns.md). */
export function useReturnsList(view: DashboardReturnsView, page: number) {
  return useQuery({
    queryKey: [...dashboardQueryKeys.all, 'returns', view, page] as const,
    queryFn: ({ signal }) =>
      apiRequest<CustomerReturnsList>(
        `/dashboard/returns${toQueryString({ view, page, pageSize: DASHBOARD_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Another attempt on a chosen day, perhaps at another phone or address. */
export function useReattempt(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Reattempt) =>
      apiRequest<{ order: CustomerOrderDetail }>(
        `/dashboard/orders/${encodeURIComponent(orderId)}/reattempt`,
        { method: 'POST', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
  });
}

/** The parcel comes back to its sender now. */
export function useStartReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ order: CustomerOrderDetail }>(
        `/dashboard/orders/${encodeURIComponent(orderId)}/return`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
  });
}
