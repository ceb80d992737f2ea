import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { shortenIdForDashboard } from '#shared/format';
import type { AdminOrder } from '#shared/schemas/admin-schemas';
import { OfficeDeliveryReasonSchema } from '#shared/schemas/driver-schemas';
import { DialogActions } from '../../../ui/dialog-actions';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { ModalDialog } from '../../../ui/modal-dialog';
import { describeActionError } from '../admin-errors';
import { useUpdateOrderStatus } from '../api/admin-api';
import { notifyError, notifySuccess } from './admin-toasts';

/**
 * docs/decisions/0009-drivers.md, "Proof of delivery": after too many wrong delivery codes the
 * driver cannot deliver; the office does, with a reason the timeline keeps.
 */
export function DeliveryCodeLockedNotice({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  if (!order.deliveryCodeLocked) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
    >
      <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t('admin.officeDelivery.locked')}
    </p>
  );
}

/** Asks why the office delivers the order, then delivers it and says how it went in a toast. */
export function OfficeDeliveryDialog({ order, onClose }: { order: AdminOrder; onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateOrderStatus();
  const shortId = t('admin.common.hashId', { id: shortenIdForDashboard(order.id) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = OfficeDeliveryReasonSchema.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      field.current?.focus();
      return;
    }
    update.mutate(
      { orderId: order.id, body: { status: 'DELIVERED', reason: checked.data } },
      {
        onSuccess: () => {
          notifySuccess(t('admin.toasts.statusUpdated', { status: 'DELIVERED' }));
          onClose();
        },
        onError: (failure) =>
          notifyError(describeActionError(failure, t('admin.toasts.updateFailed'))),
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
            {t('admin.officeDelivery.title', { id: shortId })}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('admin.officeDelivery.lead')}</p>
        </div>
        <FormField label={t('admin.officeDelivery.reason')} error={error}>
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
              aria-required
              className={inputClassName(Boolean(error))}
            />
          )}
        </FormField>
        <DialogActions
          cancelLabel={t('admin.officeDelivery.back')}
          onCancel={onClose}
          submitLabel={t('admin.officeDelivery.submit')}
          busyLabel={t('admin.officeDelivery.submitting')}
          busy={update.isPending}
        />
      </form>
    </ModalDialog>
  );
}
