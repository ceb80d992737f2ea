import '../admin-strings';
import { useRef, useState } from 'react';
import { Landmark, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CreatePayoutBatchResult, PayoutBalanceRow } from '#shared/schemas/payout-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { FormDialog } from '../../../ui/form-dialog';
import { PageHeader } from '../../../ui/page-header';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { describeActionError } from '../admin-errors';
import { AdminListScreen } from '../components/admin-list-screen';
import { AdjustLedgerDialog } from '../payouts/adjust-ledger-dialog';
import { BatchDetail } from '../payouts/batch-detail';
import { useBalanceColumns, useBatchColumns } from '../payouts/payout-columns';
import { useCreatePayoutBatch } from '../payouts/payouts-api';

/** Confirms "Create payout batch"; one Idempotency-Key per opening, so a retry builds one batch. */
function CreateBatchDialog({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(result: CreatePayoutBatchResult): void;
}) {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  const create = useCreatePayoutBatch();
  const key = useRef(newIdempotencyKey());
  return (
    <FormDialog
      title={t('admin.payouts.createDialog.title')}
      lead={t('admin.payouts.createDialog.lead')}
      onClose={onClose}
      onSubmit={() =>
        create.mutate(
          { body: {}, key: key.current },
          {
            onSuccess: (result) => {
              notifySuccess(
                t('admin.payouts.createDialog.success', {
                  number: result.batch.number,
                  total: mad(result.batch.total),
                }),
              );
              onCreated(result);
            },
            onError: (failure) =>
              notifyError(describeActionError(failure, t('admin.payouts.createDialog.failed'))),
          },
        )
      }
      cancelLabel={t('admin.payouts.createDialog.cancel')}
      submitLabel={t('admin.payouts.createDialog.submit')}
      busyLabel={t('admin.payouts.createDialog.submitting')}
      busy={create.isPending}
    />
  );
}

/** Who the new batch pays and who it left out, and why. */
function BatchResult({ result, onClose }: { result: CreatePayoutBatchResult; onClose(): void }) {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  const none = <p className="text-sm text-slate-500">{t('admin.payouts.result.none')}</p>;
  return (
    <Card
      className="mb-8"
      title={t('admin.payouts.result.title', { number: result.batch.number })}
      actions={
        <button type="button" onClick={onClose} className={buttonClassName('ghost')}>
          <X aria-hidden="true" className="size-4" />
          {t('admin.payouts.result.dismiss')}
        </button>
      }
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">
            {t('admin.payouts.result.included')}
          </h3>
          {result.included.length === 0 ? (
            none
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {result.included.map((row) => (
                <li key={row.organizationId} className="flex justify-between gap-4 py-2">
                  <span className="[overflow-wrap:anywhere]">{row.organizationName}</span>
                  <strong className="whitespace-nowrap tabular-nums">{mad(row.amount)}</strong>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">
            {t('admin.payouts.result.excluded')}
          </h3>
          {result.excluded.length === 0 ? (
            none
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {result.excluded.map((row) => (
                <li key={row.organizationId} className="flex justify-between gap-4 py-2">
                  <span className="[overflow-wrap:anywhere]">{row.organizationName}</span>
                  <span className="text-slate-600">
                    {t(`admin.payouts.result.reasons.${row.reason}`)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}

/**
 * /admin/payouts (docs/decisions/0020-merchant-money.md, "Payouts"): each organization's money,
 * the largest payable first, with its "Adjust" dialog; "Create payout batch" and what it did;
 * the batches, each opened below with its transfers, the bank file and "Mark as paid".
 */
export function PayoutsPage() {
  const { t } = useTranslation();
  const [adjusting, setAdjusting] = useState<PayoutBalanceRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatePayoutBatchResult | null>(null);
  const [openBatchId, setOpenBatchId] = useState<string | null>(null);
  const balanceColumns = useBalanceColumns(setAdjusting);
  const batchColumns = useBatchColumns((batch) => setOpenBatchId(batch.id));
  return (
    <>
      <PageHeader
        title={t('admin.payouts.title')}
        lead={t('admin.payouts.lead')}
        actions={
          <button
            type="button"
            onClick={() => setCreating(true)}
            className={buttonClassName('primary')}
          >
            <Landmark aria-hidden="true" className="size-4" />
            {t('admin.payouts.create')}
          </button>
        }
      />
      {created && <BatchResult result={created} onClose={() => setCreated(null)} />}
      <AdminListScreen
        variant="section"
        list="payoutBalances"
        title={t('admin.payouts.balances.heading')}
        caption={t('admin.payouts.balances.caption')}
        searchLabel={t('admin.payouts.balances.searchLabel')}
        searchPlaceholder={t('admin.payouts.balances.searchPlaceholder')}
        emptyMessage={t('admin.payouts.balances.empty')}
        loadFailedMessage={t('admin.payouts.loadFailed.payoutBalances')}
        columns={balanceColumns}
        rowKey={(row) => row.organizationId}
      />
      <AdminListScreen
        variant="section"
        list="payoutBatches"
        title={t('admin.payouts.batches.heading')}
        caption={t('admin.payouts.batches.caption')}
        emptyMessage={t('admin.payouts.batches.empty')}
        loadFailedMessage={t('admin.payouts.loadFailed.payoutBatches')}
        columns={batchColumns}
        rowKey={(row) => row.id}
      />
      {openBatchId && <BatchDetail batchId={openBatchId} onClose={() => setOpenBatchId(null)} />}
      {creating && (
        <CreateBatchDialog
          onClose={() => setCreating(false)}
          onCreated={(result) => {
            setCreating(false);
            setCreated(result);
            setOpenBatchId(result.batch.id);
          }}
        />
      )}
      {adjusting && <AdjustLedgerDialog balance={adjusting} onClose={() => setAdjusting(null)} />}
    </>
  );
}
