import type { RefObject } from 'react';
import { DRIVER_CODE_LENGTH } from '#shared/schemas/driver-schemas';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';

/**
 * The six digits a driver is given at the door: the receiver's delivery code, or the sender's
 * return code. Only digits go in, and phones offer their number pad and the SMS's code.
 */
export function SixDigitCodeField({
  label,
  error,
  value,
  onChange,
  inputRef,
}: {
  label: string;
  error: string | undefined;
  value: string;
  onChange(code: string): void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <input
          ref={inputRef}
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={DRIVER_CODE_LENGTH}
          className={`${inputClassName(Boolean(error))} font-mono tracking-[0.3em] tabular-nums`}
        />
      )}
    </FormField>
  );
}
