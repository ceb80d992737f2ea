import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import {
  CREDIT_NOTE_REASON_MAX_LENGTH,
  CreditNoteSchema,
  type Invoice,
} from '#shared/schemas/invoice-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { FormDialog } from '../../../ui/form-dialog';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { describeActionError } from '../admin-errors';
import { useAdminInvoice, useIssueCreditNote } from './invoices-api';

type FieldErrors = Partial<Record<'reason' | 'amount', string>>;

/** The server's field messages (an amount above what remains) under their fields. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return { reason: error.errors.reason, amount: error.errors.amount };
}

/**
 * A credit note against an invoice: a reason, and an amount tax included, or nothing for all
 * that remains uncredited (which the dialog reads from the invoice). The rules are the API's
 * own schema, checked here first.
 */
export function CreditNoteDialog({ invoice, onClose }: { invoice: Invoice; onClose(): void }) {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const detail = useAdminInvoice(invoice.id);
  const issue = useIssueCreditNote();

  const submit = () => {
    const checked = CreditNoteSchema.safeParse({ reason, amount });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'reason' || field === 'amount') found[field] ??= issue.message;
      }
      setErrors(found);
      if (found.reason) reasonField.current?.focus();
      return;
    }
    issue.mutate(
      { invoiceId: invoice.id, body: checked.data },
      {
        onSuccess: (result) => {
          notifySuccess(t('admin.invoices.dialog.success', { number: result.creditNote.number }));
          onClose();
        },
        onError: (failure) => {
          setErrors(fieldErrorsOf(failure));
          notifyError(describeActionError(failure, t('admin.invoices.dialog.failed')));
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('admin.invoices.dialog.title')}
      lead={
        <>
          {t('admin.invoices.dialog.lead', {
            number: invoice.number,
            customer: invoice.customerName,
            total: mad(invoice.totalTtc),
          })}
          {detail.data && (
            <> {t('admin.invoices.dialog.remaining', { amount: mad(detail.data.remainingTtc) })}</>
          )}
        </>
      }
      onClose={onClose}
      onSubmit={submit}
      initialFocus={reasonField}
      cancelLabel={t('admin.invoices.dialog.cancel')}
      submitLabel={t('admin.invoices.dialog.submit')}
      busyLabel={t('admin.invoices.dialog.submitting')}
      busy={issue.isPending}
    >
      <FormField label={t('admin.invoices.dialog.reason')} error={errors.reason}>
        {(control) => (
          <textarea
            ref={reasonField}
            {...control}
            rows={3}
            maxLength={CREDIT_NOTE_REASON_MAX_LENGTH}
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
      <FormField
        label={t('admin.invoices.dialog.amount')}
        hint={t('admin.invoices.dialog.amountHint')}
        error={errors.amount}
      >
        {(control) => (
          <input
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
            className={`${inputClassName(Boolean(errors.amount))} tabular-nums`}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
