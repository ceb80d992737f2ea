import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { FormAlert } from '../../../ui/form-alert';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { useReceiverAction } from '../receiver-api';

interface InstructionsFormProps {
  token: string;
  onDone(message: string): void;
}

/**
 * A landmark, a floor and another phone: the landmark and the floor travel as one note for the
 * driver, each named, in the receiver's language.
 */
export function InstructionsForm({ token, onDone }: InstructionsFormProps) {
  const { t } = useTranslation();
  const action = useReceiverAction(token);
  const [missing, setMissing] = useState(false);
  const fieldErrors = action.error instanceof ApiError ? action.error.errors : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const landmark = String(data.get('landmark') ?? '').trim();
    const floor = String(data.get('floor') ?? '').trim();
    const note = [
      landmark && t('receiver.instructions.landmarkPrefix', { text: landmark }),
      floor && t('receiver.instructions.floorPrefix', { text: floor }),
    ]
      .filter(Boolean)
      .join(' · ');
    if (!note) {
      setMissing(true);
      return;
    }
    setMissing(false);
    action.mutate(
      { kind: 'instructions', body: { note, phone: String(data.get('phone') ?? '') } },
      {
        onSuccess: () => {
          form.reset();
          onDone(t('receiver.instructions.done'));
        },
      },
    );
  };

  const noteError = missing ? t('receiver.instructions.required') : fieldErrors?.note;
  return (
    <section aria-labelledby="receiver-instructions" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="receiver-instructions" className="text-lg font-bold text-slate-900">
        {t('receiver.instructions.title')}
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <FormField label={t('receiver.instructions.landmark')} error={noteError}>
          {(control) => (
            <input
              {...control}
              name="landmark"
              maxLength={250}
              placeholder={t('receiver.instructions.landmarkPlaceholder')}
              className={inputClassName(Boolean(noteError))}
            />
          )}
        </FormField>
        <FormField label={t('receiver.instructions.floor')}>
          {(control) => (
            <input {...control} name="floor" maxLength={100} className={inputClassName()} />
          )}
        </FormField>
        <FormField label={t('receiver.instructions.otherPhone')} error={fieldErrors?.phone}>
          {(control) => (
            <input
              {...control}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              maxLength={30}
              className={inputClassName(Boolean(fieldErrors?.phone))}
            />
          )}
        </FormField>
        <FormAlert>{action.error && !fieldErrors ? action.error.message : null}</FormAlert>
        <BusySubmitButton
          busy={action.isPending}
          label={t('receiver.instructions.submit')}
          busyLabel={t('receiver.instructions.busy')}
          variant="secondary"
          size="lg"
        />
      </form>
    </section>
  );
}
