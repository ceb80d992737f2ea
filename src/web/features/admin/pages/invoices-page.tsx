import '../admin-strings';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown, ReceiptText } from 'lucide-react';
import { formatMonth } from '#shared/format';
import { businessMonthOf, INVOICE_KINDS, previousMonth } from '#shared/invoices';
import type { Invoice } from '#shared/schemas/invoice-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { DateField } from '../../../ui/date-field';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { ListScreen, type ListFilterOption } from '../../../ui/list-screen';
import { StatusBadge } from '../../../ui/status-badge';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { ADMIN_PAGE_SIZE } from '../api/admin-api';
import { describeActionError } from '../admin-errors';
import { AdminTime } from '../components/admin-time';
import { useAdminListStrings } from '../components/admin-list-screen';
import type { CardColumn } from '../../../ui/row-cards';
import { CreditNoteDialog } from '../invoices/credit-note-dialog';
import {
  adminInvoiceListQuery,
  downloadAdminInvoicePdf,
  downloadAdminInvoicesCsv,
  useIssueInvoices,
} from '../invoices/invoices-api';
import { useAdminListErrorText } from '../use-admin-error-text';

/** "Issue invoices for month": a month that has ended, the last one by default. */
function IssueInvoicesCard() {
  const { t } = useTranslation();
  const { locale } = useFormatters();
  const lastMonth = previousMonth(businessMonthOf(new Date()));
  const [month, setMonth] = useState(lastMonth);
  const [error, setError] = useState<string>();
  const issue = useIssueInvoices();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate(month, {
      onSuccess: (result) =>
        notifySuccess(
          t('admin.invoices.issue.success', {
            month: formatMonth(result.month, locale),
            issued: result.issued,
            alreadyIssued: result.alreadyIssued,
            skipped: result.skipped,
          }),
        ),
      onError: (failure) => {
        const message = describeActionError(failure, t('admin.invoices.issue.failed'));
        setError(message);
        notifyError(message);
      },
    });
  };
  return (
    <Card title={t('admin.invoices.issue.title')} className="mb-6">
      <p className="mb-4 text-sm text-slate-600">{t('admin.invoices.issue.lead')}</p>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-4">
        <FormField label={t('admin.invoices.issue.month')} error={error} className="w-56">
          {(control) => (
            <input
              {...control}
              type="month"
              required
              max={lastMonth}
              value={month}
              onChange={(event) => {
                setMonth(event.target.value);
                setError(undefined);
              }}
              className={inputClassName(Boolean(error))}
            />
          )}
        </FormField>
        <BusySubmitButton
          busy={issue.isPending}
          label={t('admin.invoices.issue.submit')}
          busyLabel={t('admin.invoices.issue.submitting')}
        />
      </form>
    </Card>
  );
}

/**
 * /admin/invoices: every organization's invoices and credit notes, newest first
 * (docs/decisions/0020-merchant-money.md), with the form that issues a past month's invoices and
 * a credit note for each invoice. Searches by number or customer, filters by kind and month.
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  const { locale, mad } = useFormatters();
  const strings = useAdminListStrings();
  const describeError = useAdminListErrorText();
  const [month, setMonth] = useState('');
  const [crediting, setCrediting] = useState<Invoice | null>(null);
  const kindOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'all', label: t('admin.invoices.filters.all') },
      ...INVOICE_KINDS.map((kind) => ({
        value: kind,
        label: t(`admin.invoices.kinds.${kind}`),
        status: kind,
      })),
    ],
    [t],
  );
  const columns: CardColumn<Invoice>[] = [
    {
      id: 'number',
      header: t('admin.invoices.columns.number'),
      cell: (invoice) => (
        <span dir="ltr" className="font-mono text-sm whitespace-nowrap tabular-nums">
          {invoice.number}
        </span>
      ),
    },
    {
      id: 'kind',
      header: t('admin.invoices.columns.kind'),
      cell: (invoice) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge tone={invoice.kind === 'invoice' ? 'blue' : 'amber'}>
            {t(`admin.invoices.kinds.${invoice.kind}`)}
          </StatusBadge>
          {invoice.creditedInvoiceNumber && (
            <span className="text-xs text-slate-600" title={invoice.reason ?? undefined}>
              {t('admin.invoices.creditsLabel')}{' '}
              <span dir="ltr" className="font-mono whitespace-nowrap">
                {invoice.creditedInvoiceNumber}
              </span>
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'customer',
      header: t('admin.invoices.columns.customer'),
      cell: (invoice) => <span dir="auto">{invoice.customerName}</span>,
    },
    {
      id: 'month',
      header: t('admin.invoices.columns.month'),
      cell: (invoice) => formatMonth(invoice.month, locale),
    },
    {
      id: 'issuedAt',
      header: t('admin.invoices.columns.issuedAt'),
      cell: (invoice) => <AdminTime iso={invoice.issuedAt} />,
    },
    {
      id: 'totalHt',
      header: t('admin.invoices.columns.totalHt'),
      align: 'end',
      cell: (invoice) => (
        <span className="whitespace-nowrap tabular-nums">
          {invoice.kind === 'credit_note' ? `−${mad(invoice.totalHt)}` : mad(invoice.totalHt)}
        </span>
      ),
    },
    {
      id: 'totalTtc',
      header: t('admin.invoices.columns.totalTtc'),
      align: 'end',
      cell: (invoice) => (
        <span className="font-semibold whitespace-nowrap tabular-nums">
          {invoice.kind === 'credit_note' ? `−${mad(invoice.totalTtc)}` : mad(invoice.totalTtc)}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('admin.invoices.columns.actions'),
      cell: (invoice) => (
        <span className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClassName('secondary')}
            aria-label={t('admin.invoices.pdfLabel', { number: invoice.number })}
            onClick={() =>
              void downloadAdminInvoicePdf(invoice).catch(() =>
                notifyError(t('admin.invoices.pdfFailed')),
              )
            }
          >
            <FileDown aria-hidden className="size-4" />
            {t('admin.invoices.pdf')}
          </button>
          {invoice.kind === 'invoice' && (
            <button
              type="button"
              className={buttonClassName('ghost')}
              aria-label={t('admin.invoices.creditNoteLabel', { number: invoice.number })}
              onClick={() => setCrediting(invoice)}
            >
              <ReceiptText aria-hidden className="size-4" />
              {t('admin.invoices.creditNote')}
            </button>
          )}
        </span>
      ),
    },
  ];
  const caption = t('admin.invoices.caption');
  return (
    <>
      <ListScreen
        title={t('admin.invoices.title')}
        lead={t('admin.invoices.lead')}
        caption={caption}
        listQuery={(params) => adminInvoiceListQuery(params, month)}
        pageSize={ADMIN_PAGE_SIZE}
        strings={strings}
        rowKey={(invoice) => invoice.id}
        columns={columns}
        search={{
          label: t('admin.invoices.searchLabel'),
          placeholder: t('admin.invoices.searchPlaceholder'),
        }}
        filter={{ label: t('admin.invoices.filters.kind'), options: kindOptions }}
        otherFilters={month}
        above={
          <>
            <IssueInvoicesCard />
            <div className="mb-4 max-w-xs">
              <DateField
                label={t('admin.invoices.filters.month')}
                type="month"
                value={month}
                onChange={setMonth}
              />
            </div>
          </>
        }
        emptyMessage={t('admin.invoices.empty')}
        describeError={(error) => describeError(error, t('admin.invoices.loadFailed'))}
        downloadCsv={(filter) => downloadAdminInvoicesCsv(filter, month)}
        onCsvFailed={notifyError}
      />
      {crediting && <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} />}
    </>
  );
}
