import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenIdForDashboard } from '#shared/format';
import { CancellationReasonSchema, type AdminOrder } from '#shared/schemas/admin-schemas';
import { FormDialog } from '../../../ui/form-dialog';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { describeActionError } from '../admin-errors';
import { useUpdateOrderStatus } from '../api/admin-api';
import { notifyError, notifySuccess } from '../../../ui/toasts';

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
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateOrderStatus();
  const shortId = t('admin.common.hashId', { id: shortenIdForDashboard(order.id) });

  const submit = () => {
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
    <FormDialog
      title={t('admin.cancelDialog.title', { id: shortId })}
      lead={
        reasonRequired ? t('admin.cancelDialog.leadPending') : t('admin.cancelDialog.leadInTransit')
      }
      onClose={onClose}
      onSubmit={submit}
      initialFocus={field}
      cancelLabel={t('admin.cancelDialog.keep')}
      submitLabel={t('admin.cancelDialog.submit')}
      busyLabel={t('admin.cancelDialog.submitting')}
      busy={update.isPending}
      variant="danger"
    >
      <FormField
        label={
          reasonRequired ? t('admin.cancelDialog.reason') : t('admin.cancelDialog.reasonOptional')
        }
        error={error}
      >
        {(control) => (
          <textarea
            ref={field}
            {...control}
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            aria-required={reasonRequired || undefined}
            className={inputClassName(Boolean(error))}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
