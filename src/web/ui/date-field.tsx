import { FormField } from './form-field';
import { inputClassName } from './input-styles';

interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD` (or `YYYY-MM` for a month); empty for none. */
  value: string;
  onChange(value: string): void;
  type?: 'date' | 'month';
  /** The first and last days the picker offers; empty for no bound. */
  min?: string;
  max?: string;
  required?: boolean;
  /** The field's, to place it in a toolbar. */
  className?: string;
}

/**
 * A labelled day (or month) picker, the browser's own: the lists' day filters, a ledger's or an
 * audit trail's from–to, the planner's day. Its value stays the ISO text the API takes.
 */
export function DateField({
  label,
  value,
  onChange,
  type = 'date',
  min,
  max,
  required,
  className,
}: DateFieldProps) {
  return (
    <FormField label={label} className={className}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={value}
          min={min || undefined}
          max={max || undefined}
          required={required}
          onChange={(event) => onChange(event.target.value)}
          className={inputClassName()}
        />
      )}
    </FormField>
  );
}
