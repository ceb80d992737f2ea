import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import type {
  CreatePayoutBatchInput,
  CreatePayoutBatchResult,
  LedgerAdjustmentInput,
  LedgerAdjustmentResult,
  MarkPayoutPaidInput,
  PayoutBatchDetail,
} from '#shared/schemas/payout-schemas';
import { apiRequest, saveApiFile } from '../../../lib/api-client';
import { adminQueryKeys } from '../api/admin-api';

/** A batch with its transfers; under the back office's prefix, so every action refreshes it. */
const batchKey = (id: string) => [...adminQueryKeys.all, 'payout-batch', id] as const;

/** After any payout action: the balances, the batches and the open batch read again. */
function useRefreshPayouts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.lists('payoutBalances') }),
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.lists('payoutBatches') }),
      queryClient.invalidateQueries({ queryKey: [...adminQueryKeys.all, 'payout-batch'] }),
    ]);
}

export function usePayoutBatch(id: string | null) {
  return useQuery({
    queryKey: batchKey(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<PayoutBatchDetail>(`/admin/payouts/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * Builds a batch, once per Idempotency-Key (the server requires one): a retry of the same
 * attempt sends the same key and never builds a second batch.
 */
export function useCreatePayoutBatch() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreatePayoutBatchInput; key: string }) =>
      apiRequest<CreatePayoutBatchResult>('/admin/payouts', {
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    onSettled: refresh,
  });
}

export function useMarkPayoutPaid(batchId: string) {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (body: MarkPayoutPaidInput) =>
      apiRequest<PayoutBatchDetail>(`/admin/payouts/${encodeURIComponent(batchId)}/paid`, {
        method: 'POST',
        body,
      }),
    onSettled: refresh,
  });
}

export function useLedgerAdjustment(organizationId: string) {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: ({ body, key }: { body: LedgerAdjustmentInput; key: string }) =>
      apiRequest<LedgerAdjustmentResult>(
        `/admin/organizations/${encodeURIComponent(organizationId)}/ledger-adjustments`,
        { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } },
      ),
    onSettled: refresh,
  });
}

/** Saves the batch's bank file (holder, RIB, amount, reference) under the server's name. */
export function downloadTransfers(batchId: string, batchNumber: string): Promise<void> {
  return saveApiFile(
    `/admin/payouts/${encodeURIComponent(batchId)}/transfers.csv`,
    `${batchNumber}-transfers.csv`,
  );
}
