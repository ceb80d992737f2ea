import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, saveApiFile, toQueryString } from '../../../lib/api-client';
import type { ListFilter, ListPage, ListParams, ListQueryOptions } from '../../../ui/list-screen';
import { filterQuery, pageQuery } from '../../../ui/list-query';
import type { AdminMessage, RetryMessageResult } from '#shared/schemas/message-schemas';
import type { CashLedgerRow, CashRemittance, FlaggedCashOrder } from '#shared/schemas/cash-schemas';
import type { PayoutBalanceRow, PayoutBatch } from '#shared/schemas/payout-schemas';
import type {
  AdminDashboard,
  AdminOrder,
  AdminOrderDetail,
  AdminPayment,
  AdminReturnRow,
  AdminUserListItem,
  UpdateOrderStatusInput,
  UpdateOrderStatusResult,
} from '#shared/schemas/admin-schemas';
import type { AccountStatusResult } from '#shared/schemas/account-schemas';
import type { ReturnsView } from '#shared/schemas/returns-schemas';
import type {
  AdminTruck,
  CreateDriverTruckInput,
  CreateDriverTruckResult,
  DriverActivationResult,
  DriverSignInUnlockResult,
  TruckDriverCombination,
} from '#shared/schemas/fleet-schemas';

/** docs/product.md, section 9: the admin lists show 6 rows a page, the trucks 5. */
export const ADMIN_PAGE_SIZE = 6;
export const TRUCKS_PAGE_SIZE = 5;

function returnsList(view: ReturnsView) {
  return { path: '/admin/returns', pageSize: ADMIN_PAGE_SIZE, query: { view } };
}

/** Every admin list (docs/product.md, decision 11, ADR 0005): its path, page size and row type. */
export const ADMIN_LISTS = {
  orders: { path: '/admin/orders', pageSize: ADMIN_PAGE_SIZE },
  pending: { path: '/admin/orders/pending', pageSize: ADMIN_PAGE_SIZE },
  delivered: { path: '/admin/orders/delivered', pageSize: ADMIN_PAGE_SIZE },
  cancelled: { path: '/admin/orders/cancelled', pageSize: ADMIN_PAGE_SIZE },
  inTransit: { path: '/admin/in-transit', pageSize: ADMIN_PAGE_SIZE },
  payments: { path: '/admin/payments', pageSize: ADMIN_PAGE_SIZE },
  users: { path: '/admin/users', pageSize: ADMIN_PAGE_SIZE },
  trucks: { path: '/admin/trucks', pageSize: TRUCKS_PAGE_SIZE },
  messages: { path: '/admin/messages', pageSize: ADMIN_PAGE_SIZE },
  cashLedger: { path: '/admin/cash', pageSize: ADMIN_PAGE_SIZE },
  cashRemittances: { path: '/admin/cash/remittances', pageSize: ADMIN_PAGE_SIZE },
  cashFlagged: { path: '/admin/cash/flagged', pageSize: ADMIN_PAGE_SIZE },
  payoutBalances: { path: '/admin/payouts/balances', pageSize: ADMIN_PAGE_SIZE },
  payoutBatches: { path: '/admin/payouts', pageSize: ADMIN_PAGE_SIZE },
  // The returns screen's four views: one list each, the view in the query.
  returnsFailedToday: returnsList('failed-today'),
  returnsAwaitingDecision: returnsList('awaiting-decision'),
  returnsReturning: returnsList('returning'),
  returnsReturned: returnsList('returned'),
} as const;
export type AdminListName = keyof typeof ADMIN_LISTS;

/** The order lists: read from the order the reader steps from (ui/page-anchor.ts). */
export const ANCHORED_LISTS: ReadonlySet<AdminListName> = new Set<AdminListName>([
  'orders',
  'pending',
  'delivered',
  'cancelled',
  'inTransit',
]);

export interface AdminListRows {
  orders: AdminOrder;
  pending: AdminOrder;
  delivered: AdminOrder;
  cancelled: AdminOrder;
  inTransit: AdminOrder;
  payments: AdminPayment;
  users: AdminUserListItem;
  trucks: AdminTruck;
  messages: AdminMessage;
  cashLedger: CashLedgerRow;
  cashRemittances: CashRemittance;
  cashFlagged: FlaggedCashOrder;
  payoutBalances: PayoutBalanceRow;
  payoutBatches: PayoutBatch;
  returnsFailedToday: AdminReturnRow;
  returnsAwaitingDecision: AdminReturnRow;
  returnsReturning: AdminReturnRow;
  returnsReturned: AdminReturnRow;
}

/** What a list always sends besides the page and the filter (the returns screen's view). */
function fixedQueryOf(list: AdminListName): Record<string, string> {
  const entry: { path: string; query?: Record<string, string> } = ADMIN_LISTS[list];
  return entry.query ?? {};
}

/** Everything the back office reads sits under one prefix: an action refreshes all of it. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminQueryKeys.all, 'dashboard'] as const,
  lists: (list: AdminListName) => [...adminQueryKeys.all, 'list', list] as const,
  list: (list: AdminListName, params: ListParams) =>
    [...adminQueryKeys.lists(list), params] as const,
  order: (id: string) => [...adminQueryKeys.all, 'order', id] as const,
  truckDriver: (orderId: string) => [...adminQueryKeys.all, 'truck-driver', orderId] as const,
};

/* Orders change under the admin's eyes (customers order, other admins act): ask on every visit. */
const freshOnOpen = { staleTime: 0 } as const;

/** A page of an admin list, for the list screen (ui/list-screen.tsx). */
export function adminListQuery<List extends AdminListName>(
  list: List,
  params: ListParams,
): ListQueryOptions<AdminListRows[List]> {
  const { path, pageSize } = ADMIN_LISTS[list];
  return {
    queryKey: adminQueryKeys.list(list, params),
    queryFn: async ({ signal }): Promise<ListPage<AdminListRows[List]>> => {
      const query = toQueryString({ ...fixedQueryOf(list), ...pageQuery(params, pageSize) });
      const { body, total, capped } = await apiPage<AdminListRows[List][]>(`${path}${query}`, {
        signal,
      });
      return { rows: body, total, capped };
    },
    ...freshOnOpen,
  };
}

/** Saves `<list path>/export.csv` with the list's current search and status. */
export function downloadListCsv(list: AdminListName, filter: ListFilter): Promise<void> {
  return saveApiFile(
    `${ADMIN_LISTS[list].path}/export.csv${toQueryString({ ...fixedQueryOf(list), ...filterQuery(filter) })}`,
    `${list}.csv`,
  );
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: adminQueryKeys.dashboard(),
    queryFn: ({ signal }) => apiRequest<AdminDashboard>('/admin/dashboard', { signal }),
    ...freshOnOpen,
  });
}

export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: adminQueryKeys.order(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ order: AdminOrderDetail }>(`/admin/orders/${encodeURIComponent(id)}`, {
          signal,
        })
      ).order,
    ...freshOnOpen,
  });
}

/** The truck-driver combinations that may take this order today. */
export function useTruckDriverCombinations(orderId: string) {
  return useQuery({
    queryKey: adminQueryKeys.truckDriver(orderId),
    queryFn: ({ signal }) =>
      apiRequest<TruckDriverCombination[]>(`/admin/truck-driver${toQueryString({ orderId })}`, {
        signal,
      }),
    ...freshOnOpen,
  });
}

/** Confirm, deliver or cancel: every list, count and truck may change, so all are refreshed. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: UpdateOrderStatusInput }) =>
      apiRequest<UpdateOrderStatusResult>(
        `/admin/orders/${encodeURIComponent(orderId)}/update-status`,
        { method: 'PUT', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}

export function useAddDriverTruck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDriverTruckInput) =>
      apiRequest<CreateDriverTruckResult>('/admin/trucks/add', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}

/** Deactivate or reactivate a driver: the trucks and the dispatch choices change with it. */
export function useSetDriverActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ driverId, active }: { driverId: string; active: boolean }) =>
      apiRequest<DriverActivationResult>(
        `/admin/drivers/${encodeURIComponent(driverId)}/${active ? 'activate' : 'deactivate'}`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}

/** Lifts the lock that 10 wrong sign-in codes in 24 hours put on a driver's phone sign-in. */
export function useUnlockDriverSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (driverId: string) =>
      apiRequest<DriverSignInUnlockResult>(
        `/admin/drivers/${encodeURIComponent(driverId)}/unlock-sign-in`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.lists('trucks') }),
  });
}

/** Sends a failed mail or SMS again; the list then shows it queued (or why it could not be). */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<RetryMessageResult>(`/admin/messages/${encodeURIComponent(id)}/retry`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.lists('messages') }),
  });
}

/** Disable or enable a customer's or an admin's account; the users list and the trail refresh. */
export function useSetAccountDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, disabled }: { userId: string; disabled: boolean }) =>
      apiRequest<AccountStatusResult>(
        `/admin/users/${encodeURIComponent(userId)}/${disabled ? 'disable' : 'enable'}`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}

/**
 * The office's return actions (docs/decisions/0023-failed-deliveries-and-returns.md), each with
 * its reason: start the return of a parcel on the road, or record that the sender has it back
 * when the return code is lost. Every list, count and truck may change.
 */
export function useOfficeReturnAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      action,
      reason,
    }: {
      orderId: string;
      action: 'return' | 'return-delivered';
      reason: string;
    }) =>
      apiRequest<UpdateOrderStatusResult>(
        `/admin/orders/${encodeURIComponent(orderId)}/${action}`,
        { method: 'POST', body: { reason } },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
