import '../dashboard-strings';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';

import { formatMonth } from '#shared/format';
import { INVOICE_KINDS } from '#shared/invoices';
import { orgRoleMay } from '#shared/organization-roles';
import type { Invoice } from '#shared/schemas/invoice-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { useSession } from '../../../lib/session/session-context';
import { PdfDownloadButton } from '../../../ui/pdf-download-button';
import type { DataTableColumn } from '../../../ui/data-table';
import { DateField } from '../../../ui/date-field';
import { ListScreen, type ListFilterOption } from '../../../ui/list-screen';
import { StatusBadge } from '../../../ui/status-badge';
import { downloadInvoicePdf, downloadInvoicesCsv, invoiceListQuery } from '../api/invoice-queries';
import { DASHBOARD_PAGE_SIZE } from '../api/dashboard-queries';

/** Saves the document's PDF; says so under the button when the download fails. */
function PdfButton({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  return (
    <PdfDownloadButton
      download={() => downloadInvoicePdf(invoice)}
      ariaLabel={t('dashboard.invoices.downloadLabel', { number: invoice.number })}
      labels={{
        idle: t('dashboard.invoices.download'),
        busy: t('dashboard.invoices.downloading'),
        failed: t('dashboard.invoices.downloadFailed'),
      }}
    />
  );
}

function KindBadge({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col items-start gap-1">
      <StatusBadge tone={invoice.kind === 'invoice' ? 'blue' : 'amber'}>
        {t(`dashboard.invoices.kinds.${invoice.kind}`)}
      </StatusBadge>
      {invoice.creditedInvoiceNumber && (
        <span className="text-xs text-slate-600">
          {t('dashboard.invoices.creditsLabel')}{' '}
          <span dir="ltr" className="font-mono whitespace-nowrap">
            {invoice.creditedInvoiceNumber}
          </span>
        </span>
      )}
    </span>
  );
}

/**
 * /dashboard/invoices: the organization's invoices and credit notes, newest first, each as a
 * PDF (docs/decisions/0020-merchant-money.md). For the owner and the accountant; staff cannot
 * read money and are sent away before anything is asked of the server.
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { locale, mad, date } = useFormatters();
  const [month, setMonth] = useState('');
  const kindOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'all', label: t('dashboard.invoices.filters.all') },
      ...INVOICE_KINDS.map((kind) => ({
        value: kind,
        label: t(`dashboard.invoices.kinds.${kind}`),
        status: kind,
      })),
    ],
    [t],
  );
  if (!orgRoleMay(user?.organization?.role, 'readMoney')) {
    return <Navigate to="/unauthorized" replace />;
  }

  const columns: DataTableColumn<Invoice>[] = [
    {
      id: 'number',
      header: t('dashboard.invoices.columns.number'),
      cell: (invoice) => (
        <span dir="ltr" className="font-mono text-sm whitespace-nowrap tabular-nums">
          {invoice.number}
        </span>
      ),
    },
    {
      id: 'kind',
      header: t('dashboard.invoices.columns.kind'),
      cell: (invoice) => <KindBadge invoice={invoice} />,
    },
    {
      id: 'month',
      header: t('dashboard.invoices.columns.month'),
      cell: (invoice) => formatMonth(invoice.month, locale),
    },
    {
      id: 'issuedAt',
      header: t('dashboard.invoices.columns.issuedAt'),
      cell: (invoice) => date(invoice.issuedAt),
    },
    {
      id: 'totalTtc',
      header: t('dashboard.invoices.columns.totalTtc'),
      align: 'end',
      cell: (invoice) => (
        <span className="whitespace-nowrap tabular-nums">
          {invoice.kind === 'credit_note' ? `−${mad(invoice.totalTtc)}` : mad(invoice.totalTtc)}
        </span>
      ),
    },
    {
      id: 'pdf',
      header: t('dashboard.invoices.columns.pdf'),
      cell: (invoice) => <PdfButton invoice={invoice} />,
    },
  ];
  const caption = t('dashboard.invoices.caption');
  return (
    <ListScreen
      title={t('dashboard.invoices.title')}
      lead={t('dashboard.invoices.lead')}
      caption={caption}
      listQuery={(params) => invoiceListQuery(params, month)}
      pageSize={DASHBOARD_PAGE_SIZE}
      strings={{
        searchLabel: t('dashboard.lists.searchLabel'),
        count: (count, total) => t('dashboard.invoices.count', { count, total }),
        csv: {
          idle: t('dashboard.lists.downloadCsv'),
          busy: t('dashboard.lists.downloadingCsv'),
          failed: t('dashboard.lists.downloadFailed'),
        },
      }}
      rowKey={(invoice) => invoice.id}
      columns={columns}
      filter={{ label: t('dashboard.invoices.filters.kind'), options: kindOptions }}
      otherFilters={month}
      above={
        <div className="mb-4 max-w-xs">
          <DateField
            label={t('dashboard.invoices.filters.month')}
            type="month"
            value={month}
            onChange={setMonth}
          />
        </div>
      }
      emptyMessage={t('dashboard.invoices.empty')}
      describeError={() => t('dashboard.invoices.loadFailed')}
      downloadCsv={(filter) => downloadInvoicesCsv(filter, month)}
    />
  );
}
