import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import {
  RecordRemittanceSchema,
  REMITTANCE_NOTE_MAX_LENGTH,
  type CashLedgerRow,
} from '#shared/schemas/cash-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { FormDialog } from '../../../ui/form-dialog';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { describeActionError } from '../admin-errors';
import { notifyError, notifySuccess } from '../../../ui/toasts';
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
  const amountField = useRef<HTMLInputElement>(null);
  const [amount, setAmount] = useState(driver.outstanding.toFixed(2));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const record = useRecordRemittance();
  /**
   * The key of this recording: kept while the same amount and note are sent again (an answer
   * lost on the way is then not recorded twice), new once they change.
   */
  const attempt = useRef<{ key: string; payload: string }>(undefined);

  const submit = () => {
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
    const payload = JSON.stringify(checked.data);
    if (attempt.current?.payload !== payload) {
      attempt.current = { key: newIdempotencyKey(), payload };
    }
    record.mutate(
      { body: checked.data, key: attempt.current.key },
      {
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
      },
    );
  };

  return (
    <FormDialog
      title={t('admin.cash.dialog.title')}
      lead={t('admin.cash.dialog.lead', {
        driver: driver.driverName,
        outstanding: mad(driver.outstanding),
      })}
      onClose={onClose}
      onSubmit={submit}
      initialFocus={amountField}
      cancelLabel={t('admin.cash.dialog.cancel')}
      submitLabel={t('admin.cash.dialog.submit')}
      busyLabel={t('admin.cash.dialog.submitting')}
      busy={record.isPending}
    >
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
    </FormDialog>
  );
}
