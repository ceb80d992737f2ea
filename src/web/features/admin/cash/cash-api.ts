import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import { apiRequest } from '../../../lib/api-client';
import type { RecordRemittanceInput, RecordRemittanceResult } from '#shared/schemas/cash-schemas';
import { adminQueryKeys } from '../api/admin-api';

/**
 * Records cash a driver handed in, once per Idempotency-Key (the server requires one): a retry of
 * the same attempt sends the same key and is never recorded twice. The ledger and the remittances
 * then refresh.
 */
export function useRecordRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RecordRemittanceInput; key: string }) =>
      apiRequest<RecordRemittanceResult>('/admin/cash/remittances', {
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.lists('cashLedger') }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.lists('cashRemittances') }),
      ]),
  });
}
