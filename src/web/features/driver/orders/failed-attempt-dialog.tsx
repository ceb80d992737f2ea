import '../driver-strings';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toBusinessDate } from '#shared/business-calendar';
import { rescheduleDays } from '#shared/delivery-attempts';
import {
  FAILED_ATTEMPT_REASON_LABELS,
  FAILED_ATTEMPT_REASONS,
  FailedAttemptSchema,
  type FailedAttemptReason,
} from '#shared/schemas/driver-schemas';
import { messageKey } from '#shared/i18n/message-key';
import { useLocale } from '../../../i18n/i18n';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { formatCalendarDay } from '#shared/format';
import { firstIssuePerField, useStepDialog, type StepDialogProps } from './use-step-dialog';
import { StepFormDialog } from './step-form-dialog';

type Field = 'reason' | 'note' | 'nextAttemptOn';

/** A refusal sends the parcel back at once: no other day to try. */
const takesADay = (reason: FailedAttemptReason | '') => reason !== '' && reason !== 'refused';

/**
 * Delivery failed (docs/decisions/0009-drivers.md, "The driver's orders", and
 * docs/decisions/0023-failed-deliveries-and-returns.md): why, a note ("Other" needs one) and the
 * day of the next attempt, one of the next 7, which "Postponed" needs: the receiver asked for it.
 * The order stays with the driver, or goes back to its sender after a refusal or the last attempt.
 */
export function FailedAttemptDialog(props: StepDialogProps) {
  const { order, onClose } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const reasonSelect = useRef<HTMLSelectElement>(null);
  const [reason, setReason] = useState<FailedAttemptReason | ''>('');
  const [note, setNote] = useState('');
  const [day, setDay] = useState('');
  const { errors, setErrors, refusal, setRefusal, busy, send } = useStepDialog(props, [
    'reason',
    'note',
    'nextAttemptOn',
  ]);
  const days = rescheduleDays(toBusinessDate(new Date()));

  const submit = async () => {
    setRefusal(null);
    const nextAttemptOn = takesADay(reason) && day ? day : undefined;
    const checked = FailedAttemptSchema.safeParse({
      reason: reason || undefined,
      note,
      nextAttemptOn,
    });
    const found: Partial<Record<Field, string>> = checked.success
      ? {}
      : firstIssuePerField<Field>(checked.error.issues);
    if (reason === 'postponed' && !nextAttemptOn) {
      found.nextAttemptOn = messageKey('returns.day_invalid');
    }
    setErrors(found);
    if (!checked.success || Object.keys(found).length > 0) return;
    await send('attempt-failed', {
      reason: checked.data.reason,
      ...(checked.data.note && { note: checked.data.note }),
      ...(checked.data.nextAttemptOn && { nextAttemptOn: checked.data.nextAttemptOn }),
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
      {takesADay(reason) && (
        <FormField
          label={reason === 'postponed' ? t('driver.failed.day') : t('driver.failed.dayOptional')}
          hint={t('driver.failed.dayHint')}
          error={errors.nextAttemptOn}
        >
          {(control) => (
            <select
              {...control}
              value={day}
              onChange={(event) => setDay(event.target.value)}
              aria-required={reason === 'postponed' || undefined}
              className={inputClassName(Boolean(errors.nextAttemptOn))}
            >
              <option value="">{t('driver.failed.chooseDay')}</option>
              {days.map((value) => (
                <option key={value} value={value}>
                  {formatCalendarDay(value, locale)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {reason === 'refused' && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t('driver.failed.refusedHint')}
        </p>
      )}
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
