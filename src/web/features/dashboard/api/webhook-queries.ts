import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointCreateInput,
  WebhookEndpointUpdateInput,
} from '#shared/schemas/webhook-schemas';
import { dashboardQueryKeys } from './dashboard-queries';

/** The owner's webhook endpoints (docs/decisions/0021-shippers-api.md): /api/org/webhooks. */
const webhooksKey = [...dashboardQueryKeys.all, 'webhooks'] as const;
const deliveriesKey = (endpointId: string, cursor: string | undefined) =>
  [...webhooksKey, endpointId, 'deliveries', cursor ?? null] as const;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: ({ signal }) =>
      apiRequest<{ endpoints: WebhookEndpoint[] }>('/org/webhooks', { signal }),
    staleTime: 0,
  });
}

/** Every change answers or implies a new list (and new delivery logs): both are read again. */
function useWebhookChange<Input, Output>(action: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export const useAddWebhook = () =>
  useWebhookChange((input: WebhookEndpointCreateInput) =>
    apiRequest<WebhookEndpointCreated>('/org/webhooks', { method: 'POST', body: input }),
  );

export const useUpdateWebhook = () =>
  useWebhookChange(({ id, changes }: { id: string; changes: WebhookEndpointUpdateInput }) =>
    apiRequest<WebhookEndpoint>(`/org/webhooks/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: changes,
    }),
  );

export const useDeleteWebhook = () =>
  useWebhookChange((id: string) =>
    apiRequest(`/org/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

/** One page of an endpoint's delivery log, newest first; `cursor` is the page's start. */
export function useWebhookDeliveries(endpointId: string, cursor: string | undefined) {
  return useQuery({
    queryKey: deliveriesKey(endpointId, cursor),
    queryFn: ({ signal }) =>
      apiRequest<WebhookDeliveryPage>(
        `/org/webhooks/${encodeURIComponent(endpointId)}/deliveries${
          cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''
        }`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** "Send again": the same delivery queued anew. */
export const useSendWebhookAgain = (endpointId: string) =>
  useWebhookChange((deliveryId: string) =>
    apiRequest<WebhookDelivery>(
      `/org/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
      { method: 'POST' },
    ),
  );
