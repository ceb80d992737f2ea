import { useQuery } from '@tanstack/react-query';
import type { LedgerEntry, MerchantBalance, MerchantPayout } from '#shared/schemas/ledger-schemas';
import { apiPage, apiRequest, saveApiFile, toQueryString } from '../../../lib/api-client';
import { CUSTOMER_QUERY_KEY } from '../../../lib/query-keys';
import type { ListFilter, ListPage, ListParams, ListQueryOptions } from '../../../ui/list-screen';

/** The ledger and payout lists' page length. */
export const MONEY_PAGE_SIZE = 20;

/**
 * The merchant's money (docs/decisions/0020-merchant-money.md), under the customer's prefix: a
 * live order event (a delivery writes ledger rows) refreshes it with the rest.
 */
const moneyQueryKeys = {
  all: [...CUSTOMER_QUERY_KEY, 'money'] as const,
  balance: () => [...moneyQueryKeys.all, 'balance'] as const,
};

/** The ledger screen's days, as the inputs hold them ('' for none). */
export interface LedgerDays {
  from: string;
  to: string;
}

export function useMerchantBalance(enabled: boolean) {
  return useQuery({
    queryKey: moneyQueryKeys.balance(),
    queryFn: ({ signal }) => apiRequest<MerchantBalance>('/dashboard/balance', { signal }),
    enabled,
    staleTime: 0,
  });
}

/** GET /api/dashboard/ledger's filters: the list filter is the row type. */
const ledgerQuery = ({ status }: ListFilter, days: LedgerDays) => ({
  type: status,
  from: days.from,
  to: days.to,
});

export function ledgerListQuery(
  params: ListParams,
  days: LedgerDays,
): ListQueryOptions<LedgerEntry> {
  return {
    queryKey: [...moneyQueryKeys.all, 'ledger', params, days],
    queryFn: async ({ signal }): Promise<ListPage<LedgerEntry>> => {
      const query = toQueryString({
        page: params.page,
        pageSize: MONEY_PAGE_SIZE,
        ...ledgerQuery(params, days),
      });
      const { body, total, capped } = await apiPage<{ entries: LedgerEntry[] }>(
        `/dashboard/ledger${query}`,
        { signal },
      );
      return { rows: body.entries, total, capped };
    },
    staleTime: 0,
  };
}

export function downloadLedgerCsv(filter: ListFilter, days: LedgerDays): Promise<void> {
  return saveApiFile(
    `/dashboard/ledger/export.csv${toQueryString(ledgerQuery(filter, days))}`,
    'ledger.csv',
  );
}

export function payoutListQuery(params: ListParams): ListQueryOptions<MerchantPayout> {
  return {
    queryKey: [...moneyQueryKeys.all, 'payouts', params],
    queryFn: async ({ signal }): Promise<ListPage<MerchantPayout>> => {
      const query = toQueryString({ page: params.page, pageSize: MONEY_PAGE_SIZE });
      const { body, total, capped } = await apiPage<{ payouts: MerchantPayout[] }>(
        `/dashboard/payouts${query}`,
        { signal },
      );
      return { rows: body.payouts, total, capped };
    },
    staleTime: 0,
  };
}

export function downloadPayoutsCsv(): Promise<void> {
  return saveApiFile('/dashboard/payouts/export.csv', 'payouts.csv');
}

/** Saves a payout's statement, in the language the screens show (Accept-Language). */
export function downloadStatement(payout: MerchantPayout): Promise<void> {
  return saveApiFile(
    `/dashboard/payouts/${encodeURIComponent(payout.batchId)}/statement.pdf`,
    `statement-${payout.number}.pdf`,
  );
}
