import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiverParcel } from '#shared/schemas/returns-schemas';
import { useLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { FormAlert } from '../../../ui/form-alert';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { formatCalendarDay } from '#shared/format';
import { useReceiverAction } from '../receiver-api';

interface RescheduleFormProps {
  token: string;
  parcel: ReceiverParcel;
  onDone(message: string): void;
}

/** The next 7 days as big buttons (weekday and date in the reader's words), and a note. */
export function RescheduleForm({ token, parcel, onDone }: RescheduleFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const action = useReceiverAction(token);
  const [day, setDay] = useState<string | null>(null);
  const [missingDay, setMissingDay] = useState(false);
  const fieldErrors = action.error instanceof ApiError ? action.error.errors : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!day) {
      setMissingDay(true);
      return;
    }
    const note = String(new FormData(event.currentTarget).get('note') ?? '');
    action.mutate(
      { kind: 'reschedule', body: { on: day, note } },
      {
        onSuccess: () => {
          setDay(null);
          onDone(t('receiver.reschedule.done', { day: formatCalendarDay(day, locale) }));
        },
      },
    );
  };

  return (
    <section aria-labelledby="receiver-reschedule" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="receiver-reschedule" className="text-lg font-bold text-slate-900">
        {t('receiver.reschedule.title')}
      </h2>
      <p className="mt-1 text-slate-600">{t('receiver.reschedule.lead')}</p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">
            {t('receiver.reschedule.days')}
          </legend>
          <div className="grid grid-cols-1 gap-2 min-[380px]:grid-cols-2">
            {parcel.rescheduleDays.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={option === day}
                onClick={() => {
                  setDay(option);
                  setMissingDay(false);
                }}
                className={`min-h-12 rounded-xl border px-3 py-2 text-start font-semibold first-letter:uppercase ${
                  option === day
                    ? 'border-brand-800 bg-brand-800 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-brand-700'
                }`}
              >
                {formatCalendarDay(option, locale)}
              </button>
            ))}
          </div>
          {(missingDay || fieldErrors?.on) && (
            <p className="mt-2 text-sm text-red-700">
              {missingDay ? t('receiver.reschedule.chooseDay') : fieldErrors?.on}
            </p>
          )}
        </fieldset>
        <FormField label={t('receiver.reschedule.note')} error={fieldErrors?.note}>
          {(control) => (
            <input
              {...control}
              name="note"
              maxLength={500}
              placeholder={t('receiver.reschedule.notePlaceholder')}
              className={inputClassName(Boolean(fieldErrors?.note))}
            />
          )}
        </FormField>
        <FormAlert>{action.error && !fieldErrors ? action.error.message : null}</FormAlert>
        <BusySubmitButton
          busy={action.isPending}
          label={t('receiver.reschedule.submit')}
          busyLabel={t('receiver.reschedule.busy')}
          size="lg"
        />
      </form>
    </section>
  );
}
