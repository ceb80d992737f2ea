import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { inputClassName, labelClassName } from '../../../ui/input-styles';
import { SearchField } from '../../../ui/search-field';

export interface FilterOption<Value extends string> {
  value: Value;
  label: string;
}

interface ListToolbarProps<Value extends string> {
  search: string;
  onSearchChange(value: string): void;
  filter?: {
    label: string;
    value: Value;
    options: readonly FilterOption<Value>[];
    onChange(value: Value): void;
  };
  /** "7 orders", once known. */
  total?: number;
}

/** Search by id or destination, an optional state filter, and the number of matches. */
export function ListToolbar<Value extends string>({
  search,
  onSearchChange,
  filter,
  total,
}: ListToolbarProps<Value>) {
  const { t } = useTranslation();
  const selectId = useId();
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchField
        label={t('dashboard.lists.searchLabel')}
        placeholder={t('dashboard.lists.searchPlaceholder')}
        value={search}
        onChange={onSearchChange}
        className="sm:max-w-sm sm:flex-1"
      />
      {filter && (
        <div className="sm:w-52">
          <label htmlFor={selectId} className={labelClassName}>
            {filter.label}
          </label>
          <div className="relative">
            <select
              id={selectId}
              value={filter.value}
              onChange={(event) => filter.onChange(event.target.value as Value)}
              className={`${inputClassName()} appearance-none pr-10`}
            >
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-400"
            />
          </div>
        </div>
      )}
      {total !== undefined && (
        <p className="text-sm text-slate-500 tabular-nums sm:ml-auto sm:pb-3">
          {t('dashboard.lists.count', { count: total })}
        </p>
      )}
    </div>
  );
}
