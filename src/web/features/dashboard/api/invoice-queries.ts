import { apiPage, saveApiFile, toQueryString } from '../../../lib/api-client';
import type { ListFilter, ListPage, ListParams, ListQueryOptions } from '../../../ui/list-screen';
import type { Invoice } from '#shared/schemas/invoice-schemas';
import { DASHBOARD_PAGE_SIZE, dashboardQueryKeys } from './dashboard-queries';

/**
 * GET /api/dashboard/invoices's filters: the list filter names the kind (invoice or credit
 * note), the month field the month ('' for every month).
 */
const invoiceFilters = ({ status }: ListFilter, month: string) => ({ kind: status, month });

/** A page of the organization's invoices and credit notes, newest first. */
export function invoiceListQuery(params: ListParams, month: string): ListQueryOptions<Invoice> {
  return {
    queryKey: [...dashboardQueryKeys.all, 'invoices', params, month],
    queryFn: async ({ signal }): Promise<ListPage<Invoice>> => {
      const query = toQueryString({
        page: params.page,
        pageSize: DASHBOARD_PAGE_SIZE,
        ...invoiceFilters(params, month),
      });
      const { body, total, capped } = await apiPage<{ invoices: Invoice[] }>(
        `/dashboard/invoices${query}`,
        { signal },
      );
      return { rows: body.invoices, total, capped };
    },
    staleTime: 0,
  };
}

export const downloadInvoicesCsv = (filter: ListFilter, month: string) =>
  saveApiFile(
    `/dashboard/invoices/export.csv${toQueryString(invoiceFilters(filter, month))}`,
    'invoices.csv',
  );

/** The invoice or credit note as the PDF the carrier issued. */
export const downloadInvoicePdf = (invoice: Pick<Invoice, 'id' | 'number'>) =>
  saveApiFile(`/dashboard/invoices/${encodeURIComponent(invoice.id)}/pdf`, `${invoice.number}.pdf`);
