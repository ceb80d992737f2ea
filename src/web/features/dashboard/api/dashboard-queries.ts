import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPage, apiRequest, saveApiFile, toQueryString } from '../../../lib/api-client';
import type { ListFilter, ListPage, ListParams, ListQueryOptions } from '../../../ui/list-screen';
import { filterQuery, pageQuery } from '../../../ui/list-query';
import { CUSTOMER_QUERY_KEY } from '../../../lib/query-keys';
import type {
  CustomerDashboard,
  CustomerOrder,
  CustomerOrderDetail,
} from '#shared/schemas/order-schemas';
import type {
  MarkNotificationsReadResult,
  Notification,
  NotificationList,
  UnreadCount,
} from '#shared/schemas/notification-schemas';

/** docs/product.md, section 9: the customer lists show 6 orders a page. */
export const DASHBOARD_PAGE_SIZE = 6;

/** The customer list endpoints (docs/product.md, decision 2) and the key each answers with. */
const orderLists = {
  orders: { path: '/dashboard/orders', key: 'orders', emptyOnNotFound: false },
  // docs/product.md, section 8: a 404 on these three means "nothing to show", not an error.
  tracking: { path: '/dashboard/tracking', key: 'trackingOrders', emptyOnNotFound: true },
  deliveries: { path: '/dashboard/deliveries', key: 'deliveredOrders', emptyOnNotFound: true },
  canceled: { path: '/dashboard/canceled', key: 'canceledOrders', emptyOnNotFound: true },
} as const;
export type OrderListName = keyof typeof orderLists;

/**
 * Everything here is one customer's data under one prefix: the new-order wizard invalidates
 * `dashboardQueryKeys.all` after placing an order, and so does each live order event.
 */
export const dashboardQueryKeys = {
  all: CUSTOMER_QUERY_KEY,
  summary: () => [...dashboardQueryKeys.all, 'summary'] as const,
  list: (list: OrderListName, params: ListParams) =>
    [...dashboardQueryKeys.all, 'list', list, params] as const,
  order: (id: string) => [...dashboardQueryKeys.all, 'order', id] as const,
  profile: () => [...dashboardQueryKeys.all, 'profile'] as const,
  notifications: () => [...dashboardQueryKeys.all, 'notifications'] as const,
  notificationPage: (page: number) => [...dashboardQueryKeys.notifications(), page] as const,
  // Under notifications: marking them read refreshes the badge too.
  unreadCount: () => [...dashboardQueryKeys.notifications(), 'unread-count'] as const,
};

/*
 * Orders change on the server (an admin confirms, a driver delivers), so these screens ask again
 * each time they open, showing what they had meanwhile.
 */
const freshOnOpen = { staleTime: 0 } as const;

export function useDashboardSummary() {
  return useQuery({
    queryKey: dashboardQueryKeys.summary(),
    queryFn: ({ signal }) => apiRequest<CustomerDashboard>('/dashboard', { signal }),
    ...freshOnOpen,
  });
}

async function fetchOrderList(
  list: OrderListName,
  params: ListParams,
  signal: AbortSignal,
): Promise<ListPage<CustomerOrder>> {
  const { path, key, emptyOnNotFound } = orderLists[list];
  const query = toQueryString(pageQuery(params, DASHBOARD_PAGE_SIZE));
  try {
    const { body, total, capped } = await apiPage<Partial<Record<string, CustomerOrder[]>>>(
      `${path}${query}`,
      { signal },
    );
    return { rows: body[key] ?? [], total, capped };
  } catch (error) {
    if (emptyOnNotFound && error instanceof ApiError && error.status === 404) {
      return { rows: [], total: 0, capped: false };
    }
    throw error;
  }
}

/** A page of a customer list, for the list screen (ui/list-screen.tsx). */
export function orderListQuery(
  list: OrderListName,
  params: ListParams,
): ListQueryOptions<CustomerOrder> {
  return {
    queryKey: dashboardQueryKeys.list(list, params),
    queryFn: ({ signal }) => fetchOrderList(list, params, signal),
    ...freshOnOpen,
  };
}

/** Saves `<list path>/export.csv` with the list's current search and status. */
export function downloadOrderListCsv(list: OrderListName, filter: ListFilter): Promise<void> {
  return saveApiFile(
    `${orderLists[list].path}/export.csv${toQueryString(filterQuery(filter))}`,
    `${list}.csv`,
  );
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: dashboardQueryKeys.order(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ order: CustomerOrderDetail }>(
          `/dashboard/orders/${encodeURIComponent(id)}`,
          { signal },
        )
      ).order,
    ...freshOnOpen,
  });
}

/** The raw answer: the page checks it with readProfile, so a bad shape is not retried. */
export function useProfile() {
  return useQuery({
    queryKey: dashboardQueryKeys.profile(),
    queryFn: ({ signal }) => apiRequest<unknown>('/auth/profile', { signal }),
  });
}

export interface NotificationPage {
  notifications: Notification[];
  total: number;
}

export function useNotifications(page: number) {
  return useQuery({
    queryKey: dashboardQueryKeys.notificationPage(page),
    queryFn: async ({ signal }): Promise<NotificationPage> => {
      const query = toQueryString({ page, pageSize: DASHBOARD_PAGE_SIZE });
      const { body, total } = await apiPage<NotificationList>(`/dashboard/notifications${query}`, {
        signal,
      });
      return { notifications: body.notifications, total };
    },
    placeholderData: keepPreviousData,
    ...freshOnOpen,
  });
}

/** The number on the side nav's Notifications badge. */
export function useUnreadNotificationCount({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: dashboardQueryKeys.unreadCount(),
    queryFn: async ({ signal }) =>
      (await apiRequest<UnreadCount>('/dashboard/notifications/unread-count', { signal })).unread,
    enabled,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<MarkNotificationsReadResult>('/dashboard/notifications/read', { method: 'POST' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.notifications() }),
  });
}
