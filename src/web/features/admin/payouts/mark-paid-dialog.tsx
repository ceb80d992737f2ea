import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toBusinessDate } from '#shared/business-calendar';
import {
  MarkPayoutPaidSchema,
  PAYOUT_REFERENCE_MAX_LENGTH,
  type PayoutBatch,
} from '#shared/schemas/payout-schemas';
import { ApiError } from '../../../lib/api-client';
import { FormDialog } from '../../../ui/form-dialog';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { describeActionError } from '../admin-errors';
import { useMarkPayoutPaid } from './payouts-api';

type FieldErrors = Partial<Record<'reference' | 'paidAt', string>>;

function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return { reference: error.errors.reference, paidAt: error.errors.paidAt };
}

/** The bank made the batch's transfers: its reference and the day (today by default). */
export function MarkPaidDialog({ batch, onClose }: { batch: PayoutBatch; onClose(): void }) {
  const { t } = useTranslation();
  const referenceField = useRef<HTMLInputElement>(null);
  const [reference, setReference] = useState('');
  const [paidAt, setPaidAt] = useState(() => toBusinessDate(new Date()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const markPaid = useMarkPayoutPaid(batch.id);

  const submit = () => {
    const checked = MarkPayoutPaidSchema.safeParse({ reference, paidAt });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'reference' || field === 'paidAt') found[field] ??= issue.message;
      }
      setErrors(found);
      if (found.reference) referenceField.current?.focus();
      return;
    }
    markPaid.mutate(checked.data, {
      onSuccess: () => {
        notifySuccess(t('admin.payouts.paidDialog.success', { number: batch.number }));
        onClose();
      },
      onError: (failure) => {
        setErrors(fieldErrorsOf(failure));
        notifyError(describeActionError(failure, t('admin.payouts.paidDialog.failed')));
      },
    });
  };

  return (
    <FormDialog
      title={t('admin.payouts.paidDialog.title', { number: batch.number })}
      lead={t('admin.payouts.paidDialog.lead')}
      onClose={onClose}
      onSubmit={submit}
      initialFocus={referenceField}
      cancelLabel={t('admin.payouts.paidDialog.cancel')}
      submitLabel={t('admin.payouts.paidDialog.submit')}
      busyLabel={t('admin.payouts.paidDialog.submitting')}
      busy={markPaid.isPending}
    >
      <FormField label={t('admin.payouts.paidDialog.reference')} error={errors.reference}>
        {(control) => (
          <input
            ref={referenceField}
            {...control}
            type="text"
            autoComplete="off"
            dir="ltr"
            maxLength={PAYOUT_REFERENCE_MAX_LENGTH}
            value={reference}
            onChange={(event) => {
              setReference(event.target.value);
              setErrors((current) => ({ ...current, reference: undefined }));
            }}
            aria-required
            className={inputClassName(Boolean(errors.reference))}
          />
        )}
      </FormField>
      <FormField label={t('admin.payouts.paidDialog.paidAt')} error={errors.paidAt}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={paidAt}
            max={toBusinessDate(new Date())}
            onChange={(event) => {
              setPaidAt(event.target.value);
              setErrors((current) => ({ ...current, paidAt: undefined }));
            }}
            aria-required
            className={inputClassName(Boolean(errors.paidAt))}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
