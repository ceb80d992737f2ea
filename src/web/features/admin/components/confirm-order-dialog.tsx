import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenIdForDashboard } from '#shared/format';
import { useFormatters } from '../../../i18n/use-formatters';
import { UpdateOrderStatusSchema, type AdminOrder } from '#shared/schemas/admin-schemas';
import type { TruckDriverCombination } from '#shared/schemas/fleet-schemas';
import { FormDialog } from '../../../ui/form-dialog';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { useMessageText } from '../../../i18n/use-message-text';
import { describeActionError } from '../admin-errors';
import { useTruckDriverCombinations, useUpdateOrderStatus } from '../api/admin-api';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { DispatchSuggestions } from '../runs/dispatch-suggestions';

function CombinationChoice({
  combination,
  name,
  checked,
  onChoose,
}: {
  combination: TruckDriverCombination;
  name: string;
  checked: boolean;
  onChoose(): void;
}) {
  const { t } = useTranslation();
  const { kg } = useFormatters();
  return (
    <label
      className={`flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border p-3 ${
        checked ? 'border-brand-700 bg-brand-50' : 'border-slate-200 hover:border-slate-300'
      }`}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChoose}
        className="mt-1 size-4 accent-brand-800"
      />
      <span className="min-w-0 text-sm">
        <span className="block font-semibold text-slate-900">
          {t('admin.confirmDialog.truckLine', {
            truckNumber: combination.truckNumber,
            truckType: combination.truckType,
            capacity: kg(combination.capacity),
          })}
        </span>
        <span className="block text-slate-600">
          {t('admin.confirmDialog.driverLine', {
            name: combination.fullName,
            phone: combination.phone,
            license: combination.license,
          })}
        </span>
      </span>
    </label>
  );
}

/**
 * Confirms a pending order onto a truck and its driver (docs/product.md, decisions 5 and 15): only
 * the combinations that can take this order are offered, the three best first as "Suggested"
 * (docs/decisions/0024-runs-and-planning.md, "Dispatch suggestions"), whose click picks the pair. A refusal (a truck that
 * just left, 409) is told in a toast and the list is asked again, so the admin can choose another.
 */
export function ConfirmOrderDialog({
  order,
  initialTruckId = null,
  onClose,
}: {
  order: AdminOrder;
  /** The pair picked among the suggestions of the order page. */
  initialTruckId?: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { kg, city } = useFormatters();
  const errorId = useId();
  const radioName = useId();
  const combinations = useTruckDriverCombinations(order.id);
  const update = useUpdateOrderStatus();
  const [chosenTruckId, setChosenTruckId] = useState<string | null>(initialTruckId);
  const [error, setError] = useState<string | null>(null);
  const messageText = useMessageText();
  const shortId = t('admin.common.hashId', { id: shortenIdForDashboard(order.id) });
  const fetchFailed = combinations.isError;

  useEffect(() => {
    if (fetchFailed) notifyError(t('admin.toasts.fetchCombinationsFailed'));
  }, [fetchFailed, t]);

  const available = combinations.data ?? [];
  const chosen = available.find((combination) => combination.truckId === chosenTruckId);

  const submit = () => {
    const checked = UpdateOrderStatusSchema.safeParse({
      status: 'IN_TRANSIT',
      truckNumber: chosen?.truckNumber,
      driverId: chosen?.id,
    });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    update.mutate(
      { orderId: order.id, body: checked.data },
      {
        onSuccess: () => {
          notifySuccess(t('admin.toasts.confirmed'));
          onClose();
        },
        onError: (failure) => {
          setChosenTruckId(null);
          notifyError(describeActionError(failure, t('admin.toasts.confirmFailed')));
        },
      },
    );
  };

  let choices;
  if (combinations.isPending) {
    choices = <LoadingState />;
  } else if (combinations.isError) {
    choices = (
      <ErrorState
        message={t('admin.confirmDialog.fetchFailed')}
        onRetry={() => void combinations.refetch()}
      />
    );
  } else if (available.length === 0) {
    choices = <EmptyState message={t('admin.confirmDialog.none')} />;
  } else {
    choices = (
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">
          {t('admin.confirmDialog.legend')}
        </legend>
        <div className="flex max-h-[45vh] flex-col gap-2 overflow-y-auto">
          {available.map((combination) => (
            <CombinationChoice
              key={combination.truckId}
              combination={combination}
              name={radioName}
              checked={combination.truckId === chosenTruckId}
              onChoose={() => {
                setChosenTruckId(combination.truckId);
                setError(null);
              }}
            />
          ))}
        </div>
      </fieldset>
    );
  }

  return (
    <FormDialog
      title={t('admin.confirmDialog.title', { id: shortId })}
      lead={t('admin.confirmDialog.lead', {
        route: t('admin.common.route', {
          from: city(order.pickup_loc),
          to: city(order.delivery_loc),
        }),
        weight: kg(order.weight),
      })}
      onClose={onClose}
      onSubmit={submit}
      width="xl"
      cancelLabel={t('admin.confirmDialog.dismiss')}
      submitLabel={t('admin.confirmDialog.submit')}
      busyLabel={t('admin.confirmDialog.submitting')}
      busy={update.isPending}
      submitDisabled={combinations.isPending}
    >
      <DispatchSuggestions
        orderId={order.id}
        pickedTruckId={chosenTruckId}
        onPick={(suggestion) => {
          setChosenTruckId(suggestion.truckId);
          setError(null);
        }}
      />
      {choices}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {messageText(error)}
        </p>
      )}
    </FormDialog>
  );
}
