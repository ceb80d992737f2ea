import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useMessageText } from '../i18n/use-message-text';
import { inputClassName, labelClassName } from './input-styles';

/** What the control inside a FormField spreads on itself so the label, hint and error find it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  hint?: string;
  /** A message (a shared rule's or the server's), shown in the current language. */
  error?: string | null;
  /** The wrapper's, to place the field in a toolbar's grid. */
  className?: string;
  children(control: FieldControlProps): ReactNode;
}

/**
 * The one field of every form: the label above, any control (input, textarea, select, with its own
 * ref and value), then the hint or, once there is one, the error in its place, so one text
 * describes the control. Wired here once rather than by hand in each form.
 */
export function FormField({ label, hint, error, className, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? messageId : undefined,
      })}
      <FieldMessage id={messageId} hint={hint} error={error} />
    </div>
  );
}

/** The hint, or the error in its place, under a field or a group of choices. */
export function FieldMessage({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string;
  error?: string | null;
}) {
  // The schemas write message keys or the specification's English; the reader may read French or Arabic.
  const messageText = useMessageText();
  if (error) {
    return (
      <p id={id} className="mt-1 text-sm text-red-700">
        {messageText(error)}
      </p>
    );
  }
  return hint ? (
    <p id={id} className="mt-1 text-xs text-slate-500">
      {hint}
    </p>
  ) : null;
}

/** The props every react-hook-form field takes: its label, registration, error and hint. */
interface RegisteredFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** Shown under the field once it was touched (or the form submitted). */
  error?: string;
  hint?: string;
}

type ControlAttributes<Attributes> = Omit<
  Attributes,
  'id' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'className'
>;

type TextFieldProps = RegisteredFieldProps &
  ControlAttributes<InputHTMLAttributes<HTMLInputElement>>;

export function TextField({
  label,
  registration,
  error,
  hint,
  type = 'text',
  ...input
}: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type={type}
          {...input}
          {...registration}
          className={inputClassName(Boolean(error))}
        />
      )}
    </FormField>
  );
}

/** An email address: the keyboard, autofill and type browsers expect for one. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode'>) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...props} />;
}

/**
 * A one-time code (a sign-in code by SMS, an authenticator's code): the phone offers the code it
 * received and a digit keyboard; digits run left to right in Arabic pages too.
 */
export function OneTimeCodeField(
  props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode' | 'dir'>,
) {
  return <TextField autoComplete="one-time-code" inputMode="numeric" dir="ltr" {...props} />;
}

type TextAreaFieldProps = RegisteredFieldProps &
  ControlAttributes<TextareaHTMLAttributes<HTMLTextAreaElement>>;

export function TextAreaField({ label, registration, error, hint, ...area }: TextAreaFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          rows={3}
          {...area}
          {...registration}
          className={`${inputClassName(Boolean(error))} resize-y`}
        />
      )}
    </FormField>
  );
}

type SelectFieldProps = RegisteredFieldProps &
  ControlAttributes<SelectHTMLAttributes<HTMLSelectElement>> & {
    options: readonly { value: string; label: string }[];
  };

export function SelectField({
  label,
  registration,
  options,
  error,
  hint,
  ...select
}: SelectFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <select
          {...control}
          {...select}
          {...registration}
          className={inputClassName(Boolean(error))}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
