import { useId, type ReactNode } from 'react';
import { useMessageText } from '../i18n/use-message-text';
import { labelClassName } from './input-styles';

/** What the control inside a FormField spreads on itself so the label, hint and error find it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  /** Stays under the control, also while there is an error. */
  hint?: string;
  /** A shared rule's English message shows in the current language. */
  error?: string | null;
  children(control: FieldControlProps): ReactNode;
}

/**
 * A label, any control (input, textarea, select, with its own ref and value), an optional hint
 * and the error, with the ids wired once here rather than by hand in each dialog.
 */
export function FormField({ label, hint, error, children }: FormFieldProps) {
  const messageText = useMessageText();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {messageText(error)}
        </p>
      )}
    </div>
  );
}
