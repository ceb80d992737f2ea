import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, saveApiFile, toQueryString } from '../../../lib/api-client';
import type { ListFilter, ListPage, ListParams, ListQueryOptions } from '../../../ui/list-screen';
import type { AdminOrder } from '#shared/schemas/admin-schemas';
import type {
  AddRunOrders,
  DispatchSuggestion,
  RunDetail,
  RunSummary,
} from '#shared/schemas/run-schemas';
import { ADMIN_PAGE_SIZE, adminQueryKeys } from '../api/admin-api';

/*
 * The runs screens' calls (docs/decisions/0024-runs-and-planning.md, "The runs screens"). Every key sits under the
 * back office's prefix: the admin frame refreshes it on each order event (admin-layout.tsx), so a
 * run's page follows its orders live.
 */
const runsKey = [...adminQueryKeys.all, 'runs'] as const;

/** GET /api/admin/runs' query: the list filter is the run's status, the date field its day. */
function runsQuery({ status }: ListFilter, date: string) {
  return { status, date };
}

/** A page of runs, newest day first. */
export function runListQuery(params: ListParams, date: string): ListQueryOptions<RunSummary> {
  return {
    queryKey: [...runsKey, 'list', params.page, params.status, date],
    queryFn: async ({ signal }): Promise<ListPage<RunSummary>> => {
      const query = toQueryString({
        page: params.page,
        pageSize: ADMIN_PAGE_SIZE,
        ...runsQuery(params, date),
      });
      const { body, total, capped } = await apiPage<RunSummary[]>(`/admin/runs${query}`, {
        signal,
      });
      return { rows: body, total, capped };
    },
    staleTime: 0,
  };
}

export function downloadRunsCsv(filter: ListFilter, date: string): Promise<void> {
  return saveApiFile(`/admin/runs/export.csv${toQueryString(runsQuery(filter, date))}`, 'runs.csv');
}

export function useRun(runId: string) {
  return useQuery({
    queryKey: [...runsKey, 'run', runId],
    queryFn: ({ signal }) =>
      apiRequest<RunDetail>(`/admin/runs/${encodeURIComponent(runId)}`, { signal }),
    staleTime: 0,
  });
}

/** Orders to add to a run: pending ones, searched by the office. */
export function usePendingOrders(search: string) {
  return useQuery({
    queryKey: [...runsKey, 'pending', search],
    queryFn: ({ signal }) =>
      apiRequest<AdminOrder[]>(
        `/admin/orders/pending${toQueryString({ pageSize: 20, q: search.trim() })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/admin/runs/:id/orders: all or none; every admin screen refreshes after it. */
export function useAddRunOrders(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddRunOrders) =>
      apiRequest<RunDetail>(`/admin/runs/${encodeURIComponent(runId)}/orders`, {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}

/**
 * The best three truck-driver combinations for a pending order; the server words their reasons
 * in the request's language, so the language is part of the key. Outside the back office's
 * prefix: once the order is confirmed the server answers 409, so the refresh that follows every
 * action and order event must not ask again; each screen showing them asks when it opens.
 */
export function useDispatchSuggestions(orderId: string, locale: string) {
  return useQuery({
    queryKey: ['dispatch-suggestions', orderId, locale],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ suggestions: DispatchSuggestion[] }>(
          `/admin/orders/${encodeURIComponent(orderId)}/suggestions`,
          { signal },
        )
      ).suggestions,
    staleTime: 0,
  });
}
