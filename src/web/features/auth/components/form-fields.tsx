import '../../../i18n/auth-strings';
import { useId, useState, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { useMessageText } from '../../../i18n/use-message-text';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { inputClassName, labelClassName } from '../../../ui/input-styles';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'className'
>;

interface TextFieldProps extends NativeInputProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** Shown under the field once it was touched (or the form submitted). */
  error?: string;
  hint?: string;
}

function useFieldIds(error?: string, hint?: string) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The error replaces the hint under the field, so only one of them describes it.
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: string;
  hintId: string;
  error?: string;
  errorId: string;
}) {
  // The schemas write the specification's English; the reader may read French or Arabic.
  const messageText = useMessageText();
  return (
    <>
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {messageText(error)}
        </p>
      )}
    </>
  );
}

/** Label above, input, then the hint or the error under it. */
export function TextField({
  label,
  registration,
  error,
  hint,
  type = 'text',
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div>
      <label htmlFor={ids.id} className={labelClassName}>
        {label}
      </label>
      <input
        id={ids.id}
        type={type}
        {...input}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={inputClassName(Boolean(error))}
      />
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, registration, error, hint, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const ids = useFieldIds(error, hint);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div>
      <label htmlFor={ids.id} className={labelClassName}>
        {label}
      </label>
      <div className="relative">
        <input
          id={ids.id}
          {...input}
          {...registration}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={`${inputClassName(Boolean(error))} pe-12`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('auth.fields.hidePassword') : t('auth.fields.showPassword')}
          className="absolute end-0 top-1.5 bottom-0 flex w-11 items-center justify-center rounded-lg text-slate-500 hover:text-slate-800"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      </div>
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

interface SubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
}

/** The auth forms' submit: large, across the whole form. */
export function SubmitButton({ busy, label, busyLabel }: SubmitButtonProps) {
  return (
    <BusySubmitButton
      busy={busy}
      label={label}
      busyLabel={busyLabel}
      size="lg"
      className="w-full"
    />
  );
}
