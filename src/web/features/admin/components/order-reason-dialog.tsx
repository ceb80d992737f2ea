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
import { useOfficeReturnAction, useUpdateOrderStatus } from '../api/admin-api';

interface ReasonRule {
  safeParse(
    value: string,
  ): { success: true; data: string } | { success: false; error: { issues: { message: string }[] } };
}

/** How the dialog's action reports back: a toast either way, and the dialog closes on success. */
interface SendHandlers {
  onSuccess(): void;
  onError(failure: unknown): void;
}

interface OrderReasonDialogProps {
  orderId: string;
  /** The dialog's words under admin.<words>: its title naming the order, submit and busy text. */
  words: 'cancelDialog' | 'officeDelivery' | 'officeReturn' | 'officeReturnDelivered';
  lead: string;
  reasonLabel: string;
  /** Whether a reason must be given; an empty optional one is sent as none. */
  reasonRequired: boolean;
  /** The shared rule of the reason (src/shared/schemas). */
  rule: ReasonRule;
  cancelLabel: string;
  variant?: ButtonVariant;
  /** The toasts of the screen that opened the dialog (docs/product.md, section 8). */
  successMessage: string;
  failureMessage: string;
  onClose(): void;
}

/**
 * An office action that asks why (cancelling, the office delivering, starting or recording a
 * return): the reason, checked by its shared rule, then the action, and a toast that says how it
 * went.
 */
function ReasonDialog({
  orderId,
  words,
  reasonLabel,
  reasonRequired,
  rule,
  successMessage,
  failureMessage,
  onClose,
  send,
  busy,
  ...dialog
}: OrderReasonDialogProps & {
  send(reason: string | undefined, handlers: SendHandlers): void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const checked = rule.safeParse(reason);
    if (!checked.success && (reasonRequired || reason.trim() !== '')) {
      setError(checked.error.issues[0]?.message ?? null);
      field.current?.focus();
      return;
    }
    send(checked.success ? checked.data : undefined, {
      onSuccess: () => {
        notifySuccess(successMessage);
        onClose();
      },
      onError: (failure) => notifyError(describeActionError(failure, failureMessage)),
    });
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
      busy={busy}
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

/** A status change (PUT update-status) that asks why: cancelling, the office delivering. */
export function OrderReasonDialog({
  status,
  ...props
}: OrderReasonDialogProps & {
  /** The status change the reason goes with. */
  status: UpdateOrderStatusInput['status'];
}) {
  const update = useUpdateOrderStatus();
  return (
    <ReasonDialog
      {...props}
      busy={update.isPending}
      send={(reason, handlers) =>
        update.mutate({ orderId: props.orderId, body: { status, reason } }, handlers)
      }
    />
  );
}

/**
 * The office's return actions (docs/decisions/0023-failed-deliveries-and-returns.md), which
 * always say why: start the return, or record it when the return code is lost.
 */
export function OfficeReturnReasonDialog({
  action,
  ...props
}: OrderReasonDialogProps & { action: 'return' | 'return-delivered' }) {
  const returnAction = useOfficeReturnAction();
  return (
    <ReasonDialog
      {...props}
      busy={returnAction.isPending}
      send={(reason, handlers) =>
        returnAction.mutate({ orderId: props.orderId, action, reason: reason ?? '' }, handlers)
      }
    />
  );
}
