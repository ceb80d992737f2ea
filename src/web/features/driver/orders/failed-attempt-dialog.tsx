import '../driver-strings';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FAILED_ATTEMPT_REASON_LABELS,
  FAILED_ATTEMPT_REASONS,
  FailedAttemptSchema,
  type FailedAttemptReason,
} from '#shared/schemas/driver-schemas';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { firstIssuePerField, useStepDialog, type StepDialogProps } from './use-step-dialog';
import { StepFormDialog } from './step-form-dialog';

type Field = 'reason' | 'note';

/**
 * Delivery failed (docs/decisions/0009-drivers.md, "The driver's orders"): why, and a note, which "Other" needs.
 * The order stays with the driver for another attempt.
 */
export function FailedAttemptDialog(props: StepDialogProps) {
  const { order, onClose } = props;
  const { t } = useTranslation();
  const reasonSelect = useRef<HTMLSelectElement>(null);
  const [reason, setReason] = useState<FailedAttemptReason | ''>('');
  const [note, setNote] = useState('');
  const { errors, setErrors, refusal, setRefusal, busy, send } = useStepDialog(props, [
    'reason',
    'note',
  ]);

  const submit = async () => {
    setRefusal(null);
    const checked = FailedAttemptSchema.safeParse({ reason: reason || undefined, note });
    if (!checked.success) {
      setErrors(firstIssuePerField<Field>(checked.error.issues));
      return;
    }
    setErrors({});
    await send('attempt-failed', {
      reason: checked.data.reason,
      ...(checked.data.note && { note: checked.data.note }),
    });
  };

  return (
    <StepFormDialog
      words="failed"
      order={order}
      onClose={onClose}
      onSubmit={submit}
      initialFocus={reasonSelect}
      busy={busy}
      variant="danger"
      refusal={refusal}
    >
      <FormField label={t('driver.failed.reason')} error={errors.reason}>
        {(control) => (
          <select
            ref={reasonSelect}
            {...control}
            value={reason}
            onChange={(event) => setReason(event.target.value as FailedAttemptReason)}
            className={inputClassName(Boolean(errors.reason))}
          >
            <option value="" disabled>
              {t('driver.failed.chooseReason')}
            </option>
            {FAILED_ATTEMPT_REASONS.map((value) => (
              <option key={value} value={value}>
                {t(`driver.failedReasons.${value}`, {
                  defaultValue: FAILED_ATTEMPT_REASON_LABELS[value],
                })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={reason === 'other' ? t('driver.failed.note') : t('driver.failed.noteOptional')}
        error={errors.note}
      >
        {(control) => (
          <textarea
            {...control}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={3}
            maxLength={500}
            className={inputClassName(Boolean(errors.note))}
          />
        )}
      </FormField>
    </StepFormDialog>
  );
}
