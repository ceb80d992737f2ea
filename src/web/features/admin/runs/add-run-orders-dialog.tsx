import '../../../i18n/runs-strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunDetail } from '#shared/schemas/run-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { FormDialog } from '../../../ui/form-dialog';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { SearchField } from '../../../ui/search-field';
import { LoadingState } from '../../../ui/spinner';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { describeActionError } from '../admin-errors';
import { useAddRunOrders, usePendingOrders } from './runs-api';

/**
 * "Add orders" on a run not yet started: the office ticks pending orders, which join the run
 * after its stops in one transaction, all or none (POST /api/admin/runs/:id/orders). A refusal
 * keeps the dialog open with the server's reason in a toast.
 */
export function AddRunOrdersDialog({ run, onClose }: { run: RunDetail; onClose(): void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [search, setSearch] = useState('');
  const sent = useDebouncedValue(search);
  const pending = usePendingOrders(sent);
  const add = useAddRunOrders(run.id);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const toggle = (orderId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(orderId);
    else next.delete(orderId);
    setChosen(next);
    setError(null);
  };

  const submit = () => {
    if (chosen.size === 0) {
      setError(t('runs.add.chooseOne'));
      return;
    }
    add.mutate(
      { orderIds: [...chosen] },
      {
        onSuccess: () => {
          notifySuccess(t('runs.add.added'));
          onClose();
        },
        onError: (failure) => notifyError(describeActionError(failure, t('runs.add.failed'))),
      },
    );
  };

  let list;
  if (pending.isPending) {
    list = <LoadingState />;
  } else if (pending.isError) {
    list = <ErrorState message={t('runs.add.loadFailed')} onRetry={() => void pending.refetch()} />;
  } else if (pending.data.length === 0) {
    list = <EmptyState message={t('runs.add.none')} />;
  } else {
    list = (
      <ul
        aria-label={t('runs.add.caption')}
        className="flex max-h-[40vh] flex-col gap-2 overflow-y-auto"
      >
        {pending.data.map((order) => (
          <li key={order.id}>
            <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 hover:border-slate-300">
              <input
                type="checkbox"
                checked={chosen.has(order.id)}
                onChange={(event) => toggle(order.id, event.target.checked)}
                aria-label={t('runs.add.choose', { trackingNumber: order.trackingNumber })}
                className="size-4 accent-brand-800"
              />
              <span className="min-w-0 text-sm">
                <span className="block font-mono font-semibold text-slate-900">
                  {order.trackingNumber}
                </span>
                <span className="block text-slate-600">
                  {t('admin.common.route', {
                    from: format.city(order.pickup_loc),
                    to: format.city(order.delivery_loc),
                  })}
                  {' · '}
                  {format.kg(order.weight)}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <FormDialog
      title={t('runs.add.title', { truckNumber: run.truck.truckNumber })}
      lead={t('runs.add.lead')}
      onClose={onClose}
      onSubmit={submit}
      width="xl"
      cancelLabel={t('runs.add.cancel')}
      submitLabel={t('runs.add.submit')}
      busyLabel={t('runs.add.submitting')}
      busy={add.isPending}
    >
      <SearchField
        label={t('runs.add.search')}
        placeholder={t('runs.add.searchPlaceholder')}
        value={search}
        onChange={setSearch}
      />
      {list}
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('runs.add.chosen', { count: chosen.size })}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
