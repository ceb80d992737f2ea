import { useEffect, useMemo } from 'react';
import { useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { useSession } from '../session/session-context';
import { createCoalescedRefresh } from './coalesced-refresh';
import type { StreamState } from './event-stream';
import { ORDER_EVENT_NAME } from '#shared/order-lifecycle';
import { useEventStream } from './use-event-stream';

/** A screen refreshes at most once a second however many orders change. */
const MIN_REFRESH_INTERVAL_MS = 1_000;
/** Past this, a refresh still under way no longer holds back the next one. */
const MAX_REFRESH_WAIT_MS = 15_000;

/**
 * A screen showing an error waits for its Retry: refreshing it on every event (another order's
 * event, for an admin) would repeat the failure behind the user's back.
 */
const lastFetchSucceeded = (query: Query) =>
  query.state.status !== 'error' && query.state.fetchFailureCount === 0;

/**
 * The signed-in areas' live updates: each order event from GET /api/events (a customer's own
 * orders, every order for an admin) refreshes what the area shows under `queryKey`. Only the
 * queries on screen ask the server again; the others are marked stale for their next visit.
 */
export function useLiveOrderUpdates(queryKey: QueryKey): StreamState {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const refresh = useMemo(
    () =>
      createCoalescedRefresh(
        () => queryClient.invalidateQueries({ queryKey, predicate: lastFetchSucceeded }),
        { minIntervalMs: MIN_REFRESH_INTERVAL_MS, maxWaitMs: MAX_REFRESH_WAIT_MS },
      ),
    [queryClient, queryKey],
  );
  useEffect(() => () => refresh.cancel(), [refresh]);
  return useEventStream({
    path: '/events',
    eventName: ORDER_EVENT_NAME,
    sessionToken: token,
    onEvent: refresh.request,
    onReopen: refresh.request,
  });
}
