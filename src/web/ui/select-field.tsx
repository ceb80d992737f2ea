import { ChevronDown } from 'lucide-react';
import { FormField } from './form-field';
import { inputClassName } from './input-styles';

export interface SelectOption<Value extends string = string> {
  value: Value;
  label: string;
}

interface FilterSelectProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly SelectOption<Value>[];
  onChange(value: Value): void;
  className?: string;
}

/** A list's filter: a labelled native select, controlled, in the look of the form fields. */
export function FilterSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: FilterSelectProps<Value>) {
  return (
    <FormField label={label} className={className}>
      {(control) => (
        <div className="relative">
          <select
            {...control}
            value={value}
            // The options are the only values the select can hold.
            onChange={(event) => onChange(event.target.value as Value)}
            className={`${inputClassName()} appearance-none pe-10`}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute end-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
          />
        </div>
      )}
    </FormField>
  );
}
