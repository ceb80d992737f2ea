import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, saveApiFile, toQueryString } from '../../../lib/api-client';
import type { ListFilter, ListPage, ListParams, ListQueryOptions } from '../../../ui/list-screen';
import type {
  CreditNote,
  CreditNoteResult,
  Invoice,
  InvoiceDetail,
  IssueInvoicesResult,
} from '#shared/schemas/invoice-schemas';
import { ADMIN_PAGE_SIZE, adminQueryKeys } from '../api/admin-api';

const invoicesKey = [...adminQueryKeys.all, 'invoices'] as const;

/** The search box names a number or a customer, the list filter the kind, the field the month. */
const invoiceFilters = ({ q, status }: ListFilter, month: string) => ({
  q: q.trim(),
  kind: status,
  month,
});

/** A page of every organization's invoices and credit notes, newest first. */
export function adminInvoiceListQuery(
  params: ListParams,
  month: string,
): ListQueryOptions<Invoice> {
  return {
    queryKey: [...invoicesKey, 'list', params, month],
    queryFn: async ({ signal }): Promise<ListPage<Invoice>> => {
      const query = toQueryString({
        page: params.page,
        pageSize: ADMIN_PAGE_SIZE,
        ...invoiceFilters(params, month),
      });
      const { body, total, capped } = await apiPage<Invoice[]>(`/admin/invoices${query}`, {
        signal,
      });
      return { rows: body, total, capped };
    },
    staleTime: 0,
  };
}

export const downloadAdminInvoicesCsv = (filter: ListFilter, month: string) =>
  saveApiFile(
    `/admin/invoices/export.csv${toQueryString(invoiceFilters(filter, month))}`,
    'invoices.csv',
  );

export const downloadAdminInvoicePdf = (invoice: Pick<Invoice, 'id' | 'number'>) =>
  saveApiFile(`/admin/invoices/${encodeURIComponent(invoice.id)}/pdf`, `${invoice.number}.pdf`);

/** One invoice with its credit notes: what the credit-note dialog says remains. */
export function useAdminInvoice(id: string) {
  return useQuery({
    queryKey: [...invoicesKey, 'detail', id],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ invoice: InvoiceDetail }>(`/admin/invoices/${encodeURIComponent(id)}`, {
          signal,
        })
      ).invoice,
    staleTime: 0,
  });
}

/** Issues a past month's invoices; the list (and the audit trail) refresh. */
export function useIssueInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) =>
      apiRequest<IssueInvoicesResult>('/admin/invoices/issue', {
        method: 'POST',
        body: { month },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}

export function useIssueCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, body }: { invoiceId: string; body: CreditNote }) =>
      apiRequest<CreditNoteResult>(`/admin/invoices/${encodeURIComponent(invoiceId)}/credit-note`, {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
