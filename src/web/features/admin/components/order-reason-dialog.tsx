import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenIdForDashboard } from '#shared/format';
import type { UpdateOrderStatusInput } from '#shared/schemas/admin-schemas';
import type { ButtonVariant } from '../../../ui/button-styles';
import { FormDialog } from '../../../ui/form-dialog';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { describeActionError } from '../admin-errors';
import { useUpdateOrderStatus } from '../api/admin-api';

interface ReasonRule {
  safeParse(
    value: string,
  ): { success: true; data: string } | { success: false; error: { issues: { message: string }[] } };
}

interface OrderReasonDialogProps {
  orderId: string;
  /** The dialog's words under admin.<words>: its title naming the order, submit and busy text. */
  words: 'cancelDialog' | 'officeDelivery';
  lead: string;
  reasonLabel: string;
  /** Whether a reason must be given; an empty optional one is sent as none. */
  reasonRequired: boolean;
  /** The shared rule of the reason (src/shared/schemas). */
  rule: ReasonRule;
  /** The status change the reason goes with. */
  status: UpdateOrderStatusInput['status'];
  cancelLabel: string;
  variant?: ButtonVariant;
  /** The toasts of the screen that opened the dialog (docs/product.md, section 8). */
  successMessage: string;
  failureMessage: string;
  onClose(): void;
}

/**
 * A status change that asks why (cancelling, the office delivering): the reason, checked by its
 * shared rule, then the change, and a toast that says how it went.
 */
export function OrderReasonDialog({
  orderId,
  words,
  reasonLabel,
  reasonRequired,
  rule,
  status,
  successMessage,
  failureMessage,
  onClose,
  ...dialog
}: OrderReasonDialogProps) {
  const { t } = useTranslation();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateOrderStatus();

  const submit = () => {
    const checked = rule.safeParse(reason);
    if (!checked.success && (reasonRequired || reason.trim() !== '')) {
      setError(checked.error.issues[0]?.message ?? null);
      field.current?.focus();
      return;
    }
    update.mutate(
      { orderId, body: { status, reason: checked.success ? checked.data : undefined } },
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
      {...dialog}
      title={t(`admin.${words}.title`, {
        id: t('admin.common.hashId', { id: shortenIdForDashboard(orderId) }),
      })}
      submitLabel={t(`admin.${words}.submit`)}
      busyLabel={t(`admin.${words}.submitting`)}
      onClose={onClose}
      onSubmit={submit}
      initialFocus={field}
      busy={update.isPending}
    >
      <FormField label={reasonLabel} error={error}>
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
