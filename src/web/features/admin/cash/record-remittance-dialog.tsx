import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import {
  RecordRemittanceSchema,
  REMITTANCE_NOTE_MAX_LENGTH,
  type CashLedgerRow,
} from '#shared/schemas/cash-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { DialogActions } from '../../../ui/dialog-actions';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { ModalDialog } from '../../../ui/modal-dialog';
import { describeActionError } from '../admin-errors';
import { notifyError, notifySuccess } from '../components/admin-toasts';
import { useRecordRemittance } from './cash-api';

type FieldErrors = Partial<Record<'amount' | 'note', string>>;

/** The server's field messages (the amount above the outstanding) under their fields. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return { amount: error.errors.amount, note: error.errors.note };
}

interface RecordRemittanceDialogProps {
  driver: CashLedgerRow;
  onClose(): void;
}

/**
 * Cash a driver hands in at the office: the amount starts at all they hold (the usual case), a
 * note says anything worth keeping; the rules are the API's own schema, checked here first.
 */
export function RecordRemittanceDialog({ driver, onClose }: RecordRemittanceDialogProps) {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  const titleId = useId();
  const amountField = useRef<HTMLInputElement>(null);
  const [amount, setAmount] = useState(driver.outstanding.toFixed(2));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const record = useRecordRemittance();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = RecordRemittanceSchema.safeParse({ driverId: driver.driverId, amount, note });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'amount' || field === 'note') found[field] ??= issue.message;
      }
      setErrors(found);
      if (found.amount) amountField.current?.focus();
      return;
    }
    record.mutate(checked.data, {
      onSuccess: (result) => {
        notifySuccess(
          t('admin.cash.dialog.success', {
            amount: mad(result.remittance.amount),
            driver: driver.driverName,
          }),
        );
        onClose();
      },
      onError: (failure) => {
        const found = fieldErrorsOf(failure);
        setErrors(found);
        if (found.amount) amountField.current?.focus();
        notifyError(describeActionError(failure, t('admin.cash.dialog.failed')));
      },
    });
  };

  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      initialFocus={amountField}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-lg bg-white p-0 shadow-xl"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {t('admin.cash.dialog.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {t('admin.cash.dialog.lead', {
              driver: driver.driverName,
              outstanding: mad(driver.outstanding),
            })}
          </p>
        </div>
        <FormField label={t('admin.cash.dialog.amount')} error={errors.amount}>
          {(control) => (
            <input
              ref={amountField}
              {...control}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setErrors((current) => ({ ...current, amount: undefined }));
              }}
              aria-required
              className={`${inputClassName(Boolean(errors.amount))} tabular-nums`}
            />
          )}
        </FormField>
        <FormField label={t('admin.cash.dialog.note')} error={errors.note}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={REMITTANCE_NOTE_MAX_LENGTH}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setErrors((current) => ({ ...current, note: undefined }));
              }}
              className={inputClassName(Boolean(errors.note))}
            />
          )}
        </FormField>
        <DialogActions
          cancelLabel={t('admin.cash.dialog.cancel')}
          onCancel={onClose}
          submitLabel={t('admin.cash.dialog.submit')}
          busyLabel={t('admin.cash.dialog.submitting')}
          busy={record.isPending}
        />
      </form>
    </ModalDialog>
  );
}
