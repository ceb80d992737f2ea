import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RecordRemittanceInput, RecordRemittanceResult } from '#shared/schemas/cash-schemas';
import { adminQueryKeys } from '../api/admin-api';

/** Records cash a driver handed in; the ledger and the remittances then refresh. */
export function useRecordRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordRemittanceInput) =>
      apiRequest<RecordRemittanceResult>('/admin/cash/remittances', { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.lists('cashLedger') }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.lists('cashRemittances') }),
      ]),
  });
}
