import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OrgRole } from '#shared/organization-roles';
import type { InvitationCreateInput, Organization } from '#shared/schemas/org-schemas';
import type { CustomerOrderDetail } from '#shared/schemas/order-schemas';
import { dashboardQueryKeys } from './dashboard-queries';

/** The owner's team page (docs/decisions/0014-organizations.md): GET /api/org and its changes. */
const teamQueryKey = [...dashboardQueryKeys.all, 'team'] as const;

/** Only an owner asks: for anyone else the page is refused before it reads. */
export function useTeam(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: teamQueryKey,
    queryFn: ({ signal }) => apiRequest<Organization>('/org', { signal }),
    staleTime: 0,
  });
}

/** Every change answers or implies a new team: the page reads it again. */
function useTeamChange<Input>(action: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

export const useInvite = () =>
  useTeamChange((input: InvitationCreateInput) =>
    apiRequest('/org/invitations', { method: 'POST', body: input }),
  );

export const useRevokeInvitation = () =>
  useTeamChange((id: string) =>
    apiRequest(`/org/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

export const useChangeRole = () =>
  useTeamChange(({ userId, role }: { userId: string; role: OrgRole }) =>
    apiRequest(`/org/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } }),
  );

export const useRemoveMember = () =>
  useTeamChange((userId: string) =>
    apiRequest(`/org/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );

/** A member whose role may cancel withdraws a pending order; every list shows it cancelled. */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<{ order: CustomerOrderDetail }>(
        `/dashboard/orders/${encodeURIComponent(id)}/cancel`,
        { method: 'POST', body: { reason } },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
  });
}
