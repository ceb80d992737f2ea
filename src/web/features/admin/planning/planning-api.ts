import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PLAN_ORDERS } from '#shared/runs';
import type { AdminOrder } from '#shared/schemas/admin-schemas';
import type { TruckDriverCombination } from '#shared/schemas/fleet-schemas';
import { MAX_PAGE_SIZE } from '#shared/schemas/list-schemas';
import type { ConfirmPlan, PlanRuns, RunDetail, RunPlan } from '#shared/schemas/run-schemas';
import { apiPage, apiRequest, toQueryString } from '../../../lib/api-client';
import { adminQueryKeys } from '../api/admin-api';

/** ConfirmedPlanSchema's answer. */
interface ConfirmedPlan {
  runs: RunDetail[];
}

const planningKeys = {
  pendingOrders: () => [...adminQueryKeys.all, 'planning', 'pending-orders'] as const,
  trucks: () => [...adminQueryKeys.all, 'planning', 'trucks'] as const,
  activeRuns: () => [...adminQueryKeys.all, 'runs', 'active'] as const,
};

/**
 * The pending orders a plan may take, oldest pages first, as many as one plan takes
 * (MAX_PLAN_ORDERS): the admin list's pages of MAX_PAGE_SIZE read one after another.
 */
export function usePendingOrders() {
  return useQuery({
    queryKey: planningKeys.pendingOrders(),
    queryFn: async ({ signal }) => {
      const rows: AdminOrder[] = [];
      for (let page = 1; rows.length < MAX_PLAN_ORDERS; page += 1) {
        const { body, total } = await apiPage<AdminOrder[]>(
          `/admin/orders/pending${toQueryString({ page, pageSize: MAX_PAGE_SIZE })}`,
          { signal },
        );
        rows.push(...body);
        if (body.length < MAX_PAGE_SIZE || rows.length >= total) break;
      }
      return rows.slice(0, MAX_PLAN_ORDERS);
    },
    staleTime: 0,
  });
}

/** The trucks free to plan with, each with its driver. */
export function useAvailableTrucks() {
  return useQuery({
    queryKey: planningKeys.trucks(),
    queryFn: ({ signal }) =>
      apiRequest<TruckDriverCombination[]>('/admin/truck-driver', { signal }),
    staleTime: 0,
  });
}

export function usePlanRuns() {
  return useMutation({
    mutationFn: (body: PlanRuns) =>
      apiRequest<RunPlan>('/admin/runs/plan', { method: 'POST', body }),
  });
}

/** Confirming dispatches the orders: every list, count and truck changes. */
export function useConfirmPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, body }: { planId: string; body: ConfirmPlan }) =>
      apiRequest<ConfirmedPlan>(`/admin/runs/plan/${encodeURIComponent(planId)}/confirm`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}

/**
 * Every run on the road with its stops, for /admin/map: under the admin queries' key, so every
 * order event (the admin layout's stream) refreshes the runs' progress.
 */
export function useActiveRuns() {
  return useQuery({
    queryKey: planningKeys.activeRuns(),
    queryFn: ({ signal }) => apiRequest<RunDetail[]>('/admin/runs/active', { signal }),
    staleTime: 0,
  });
}
