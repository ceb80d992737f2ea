import { useId } from 'react';
import { Search } from 'lucide-react';
import { inputClassName, labelClassName } from './input-styles';

interface SearchFieldProps {
  label: string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  className?: string;
}

/** A labelled search box; the caller debounces what it sends to the server. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className = '',
}: SearchFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClassName()} ps-10`}
        />
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
        />
      </div>
    </div>
  );
}
