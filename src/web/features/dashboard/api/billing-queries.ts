import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingUpdate, OrganizationBilling } from '#shared/schemas/settings-schemas';
import { apiRequest } from '../../../lib/api-client';
import { dashboardQueryKeys } from './dashboard-queries';

/** The organization's bank details and ICE (docs/decisions/0020-merchant-money.md). */
const billingQueryKey = [...dashboardQueryKeys.all, 'billing'] as const;

/** Only owners and accountants ask: anyone else is refused (403) and never sees the card. */
export function useBilling(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: billingQueryKey,
    queryFn: ({ signal }) => apiRequest<OrganizationBilling>('/org/billing', { signal }),
    staleTime: 0,
  });
}

export function useSaveBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billing: BillingUpdate) =>
      apiRequest<OrganizationBilling>('/org/billing', { method: 'PATCH', body: billing }),
    onSuccess: (saved) => queryClient.setQueryData(billingQueryKey, saved),
  });
}
