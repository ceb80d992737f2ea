import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreate, ApiKeyCreated, ApiKeyList } from '#shared/schemas/api-key-schemas';
import type { PickupAddress, PickupAddressUpdate } from '#shared/schemas/pickup-address-schemas';
import { apiRequest } from '../../../lib/api-client';
import { dashboardQueryKeys } from './dashboard-queries';

/** The owner's API keys and pickup address (docs/decisions/0021-shippers-api.md). */
const apiKeysQueryKey = [...dashboardQueryKeys.all, 'api-keys'] as const;
const pickupAddressQueryKey = [...dashboardQueryKeys.all, 'pickup-address'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => apiRequest<ApiKeyList>('/org/api-keys', { signal }),
    staleTime: 0,
  });
}

/** The answer holds the secret: the caller shows it once and keeps it nowhere else. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreate) =>
      apiRequest<ApiKeyCreated>('/org/api-keys', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/org/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function usePickupAddress() {
  return useQuery({
    queryKey: pickupAddressQueryKey,
    queryFn: ({ signal }) => apiRequest<PickupAddress>('/org/pickup-address', { signal }),
    staleTime: 0,
  });
}

export function useSavePickupAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pickup: PickupAddressUpdate) =>
      apiRequest<PickupAddress>('/org/pickup-address', { method: 'PATCH', body: pickup }),
    onSuccess: (saved) => queryClient.setQueryData(pickupAddressQueryKey, saved),
  });
}
