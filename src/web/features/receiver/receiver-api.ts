import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReceiverInstructionsInput,
  ReceiverParcel,
  ReceiverRefuseInput,
  ReceiverRescheduleInput,
} from '#shared/schemas/returns-schemas';
import { ApiError, apiRequest } from '../../lib/api-client';

const parcelKey = (token: string) => ['receiver', token] as const;
const pathOf = (token: string) => `/receiver/${encodeURIComponent(token)}`;

/** The receiver's parcel; a 404 (a wrong or finished link) is final, not retried. */
export function useReceiverParcel(token: string) {
  return useQuery({
    queryKey: parcelKey(token),
    queryFn: ({ signal }) => apiRequest<ReceiverParcel>(pathOf(token), { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

type ReceiverAction =
  | { kind: 'reschedule'; body: ReceiverRescheduleInput }
  | { kind: 'instructions'; body: ReceiverInstructionsInput }
  | { kind: 'refuse'; body: ReceiverRefuseInput };

/** One of the receiver's three actions; the answer is the parcel as it now stands. */
export function useReceiverAction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReceiverAction) =>
      apiRequest<ReceiverParcel>(`${pathOf(token)}/${action.kind}`, {
        method: 'POST',
        body: action.body,
      }),
    onSuccess: (parcel) => queryClient.setQueryData(parcelKey(token), parcel),
  });
}

/** Whether a failure means the link opens nothing (any more): the page says so kindly. */
export const isExpiredLink = (error: unknown) => error instanceof ApiError && error.status === 404;
