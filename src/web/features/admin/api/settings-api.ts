import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BusinessSettingsUpdate,
  BusinessSettingsView,
} from '#shared/schemas/settings-schemas';
import { apiRequest } from '../../../lib/api-client';

/** /admin/settings (docs/decisions/0020-merchant-money.md): one record, read and replaced. */
const settingsQueryKey = ['admin', 'settings'] as const;

export function useBusinessSettings() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => apiRequest<BusinessSettingsView>('/admin/settings', { signal }),
    staleTime: 0,
  });
}

export function useSaveBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BusinessSettingsUpdate) =>
      apiRequest<BusinessSettingsView>('/admin/settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey, saved),
  });
}
