import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenIdForDashboard } from '../../../../shared/format';
import {
  CancellationReasonSchema,
  type AdminOrder,
} from '../../../../shared/schemas/admin-schemas';
import { buttonClassName } from '../../../ui/button-styles';
import { inputClassName, labelClassName } from '../../../ui/input-styles';
import { ModalDialog } from '../../../ui/modal-dialog';
import { describeActionError } from '../admin-errors';
import { useUpdateOrderStatus } from '../api/admin-api';
import { notifyError, notifySuccess } from './admin-toasts';

interface CancelOrderDialogProps {
  order: AdminOrder;
  /**
   * A pending order needs a reason; one on the road may go without (docs/product.md, decision 15).
   */
  reasonRequired: boolean;
  /** The toasts of the screen that opened the dialog (docs/product.md, section 8). */
  successMessage: string;
  failureMessage: string;
  onClose(): void;
}

/** Asks why the order is cancelled, then cancels it and says how it went in a toast. */
export function CancelOrderDialog({
  order,
  reasonRequired,
  successMessage,
  failureMessage,
  onClose,
}: CancelOrderDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldId = useId();
  const errorId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateOrderStatus();
  const shortId = t('admin.common.hashId', { id: shortenIdForDashboard(order.id) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = CancellationReasonSchema.safeParse(reason);
    if (!checked.success && (reasonRequired || reason.trim() !== '')) {
      setError(checked.error.issues[0]?.message ?? null);
      field.current?.focus();
      return;
    }
    update.mutate(
      {
        orderId: order.id,
        body: { status: 'CANCELLED', reason: checked.success ? checked.data : undefined },
      },
      {
        onSuccess: () => {
          notifySuccess(successMessage);
          onClose();
        },
        onError: (failure) => notifyError(describeActionError(failure, failureMessage)),
      },
    );
  };

  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      initialFocus={field}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-lg bg-white p-0 shadow-xl"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {t('admin.cancelDialog.title', { id: shortId })}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {reasonRequired
              ? t('admin.cancelDialog.leadPending')
              : t('admin.cancelDialog.leadInTransit')}
          </p>
        </div>
        <div>
          <label htmlFor={fieldId} className={labelClassName}>
            {reasonRequired
              ? t('admin.cancelDialog.reason')
              : t('admin.cancelDialog.reasonOptional')}
          </label>
          <textarea
            ref={field}
            id={fieldId}
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            aria-required={reasonRequired || undefined}
            className={inputClassName(Boolean(error))}
          />
          {error && (
            <p id={errorId} className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonClassName('secondary')}>
            {t('admin.cancelDialog.keep')}
          </button>
          <button
            type="submit"
            disabled={update.isPending}
            aria-busy={update.isPending || undefined}
            className={buttonClassName('danger')}
          >
            {update.isPending ? t('admin.cancelDialog.submitting') : t('admin.cancelDialog.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
