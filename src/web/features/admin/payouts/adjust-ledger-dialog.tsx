import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADJUSTMENT_REASON_MAX_LENGTH,
  LedgerAdjustmentSchema,
  type PayoutBalanceRow,
} from '#shared/schemas/payout-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { FormDialog } from '../../../ui/form-dialog';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { describeActionError } from '../admin-errors';
import { useLedgerAdjustment } from './payouts-api';

type FieldErrors = Partial<Record<'amount' | 'reason', string>>;

function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return { amount: error.errors.amount, reason: error.errors.reason };
}

/**
 * An admin's correction of one organization's ledger: a signed amount and the reason the merchant
 * reads on their ledger; the rules are the API's own schema, checked here first.
 */
export function AdjustLedgerDialog({
  balance,
  onClose,
}: {
  balance: PayoutBalanceRow;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  const amountField = useRef<HTMLInputElement>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const adjust = useLedgerAdjustment(balance.organizationId);
  /** The same adjustment sent again keeps its key: a lost answer never records it twice. */
  const attempt = useRef<{ key: string; payload: string }>(undefined);

  const submit = () => {
    const checked = LedgerAdjustmentSchema.safeParse({ amount, reason });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'amount' || field === 'reason') found[field] ??= issue.message;
      }
      setErrors(found);
      if (found.amount) amountField.current?.focus();
      return;
    }
    const payload = JSON.stringify(checked.data);
    if (attempt.current?.payload !== payload) {
      attempt.current = { key: newIdempotencyKey(), payload };
    }
    adjust.mutate(
      { body: checked.data, key: attempt.current.key },
      {
        onSuccess: (result) => {
          notifySuccess(
            t('admin.payouts.adjustDialog.success', {
              amount: mad(result.entry.amount),
              organization: balance.organizationName,
            }),
          );
          onClose();
        },
        onError: (failure) => {
          setErrors(fieldErrorsOf(failure));
          notifyError(describeActionError(failure, t('admin.payouts.adjustDialog.failed')));
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('admin.payouts.adjustDialog.title')}
      lead={t('admin.payouts.adjustDialog.lead', {
        organization: balance.organizationName,
        payable: mad(balance.payable),
      })}
      onClose={onClose}
      onSubmit={submit}
      initialFocus={amountField}
      cancelLabel={t('admin.payouts.adjustDialog.cancel')}
      submitLabel={t('admin.payouts.adjustDialog.submit')}
      busyLabel={t('admin.payouts.adjustDialog.submitting')}
      busy={adjust.isPending}
    >
      <FormField label={t('admin.payouts.adjustDialog.amount')} error={errors.amount}>
        {(control) => (
          <input
            ref={amountField}
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
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
      <FormField label={t('admin.payouts.adjustDialog.reason')} error={errors.reason}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={ADJUSTMENT_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
            aria-required
            className={inputClassName(Boolean(errors.reason))}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
