import {
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useMessageText } from '../../../i18n/use-message-text';
import { inputClassName, labelClassName } from '../../../ui/input-styles';

/** The hint, or once there is one the error, under a field; `id` is what describes the field. */
function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  // The schemas write the specification's English; the reader may read French or Arabic.
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

interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className' | 'onChange' | 'onBlur'
> {
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: string;
}

export function SelectField({
  label,
  registration,
  options,
  error,
  hint,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        {...select}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={inputClassName(Boolean(error))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'className' | 'onChange' | 'onBlur'
> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
}

export function TextAreaField({ label, registration, error, hint, ...area }: TextAreaFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        {...area}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={`${inputClassName(Boolean(error))} resize-y`}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
  description?: string;
  icon?: ReactNode;
}

interface ChoiceGroupProps {
  legend: string;
  registration: UseFormRegisterReturn;
  choices: readonly Choice[];
  error?: string;
  columns?: 2 | 3;
}

/** Radio buttons drawn as cards: one choice out of a few, each with a line of explanation. */
export function ChoiceGroup({
  legend,
  registration,
  choices,
  error,
  columns = 3,
}: ChoiceGroupProps) {
  const messageText = useMessageText();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={labelClassName}>{legend}</legend>
      <div className={`grid gap-3 ${columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 hover:border-slate-400 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-accent-500"
          >
            <input
              type="radio"
              value={choice.value}
              {...registration}
              aria-invalid={error ? true : undefined}
              className="mt-1 size-4 shrink-0 accent-brand-800 focus-visible:outline-none"
            />
            <span className="min-w-0">
              <span className="flex items-center gap-2 font-semibold text-slate-900">
                {choice.icon}
                {choice.label}
              </span>
              {choice.description && (
                <span className="mt-0.5 block text-sm text-slate-600">{choice.description}</span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {messageText(error)}
        </p>
      )}
    </fieldset>
  );
}
