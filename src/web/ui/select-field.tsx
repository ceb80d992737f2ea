import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { inputClassName, labelClassName } from './input-styles';

export interface SelectOption<Value extends string = string> {
  value: Value;
  label: string;
}

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly SelectOption<Value>[];
  onChange(value: Value): void;
  className?: string;
}

/** A labelled native select in the look of the text fields. */
export function SelectField<Value extends string>({
  label,
  value,
  options,
  onChange,
  className = '',
}: SelectFieldProps<Value>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
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
    </div>
  );
}
