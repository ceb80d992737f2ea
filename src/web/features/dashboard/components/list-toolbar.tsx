import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../ui/search-field';
import { SelectField, type SelectOption } from '../../../ui/select-field';

interface ListToolbarProps<Value extends string> {
  search: string;
  onSearchChange(value: string): void;
  filter?: {
    label: string;
    value: Value;
    options: readonly SelectOption<Value>[];
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
        <SelectField
          label={filter.label}
          value={filter.value}
          options={filter.options}
          onChange={filter.onChange}
          className="sm:w-52"
        />
      )}
      {total !== undefined && (
        <p className="text-sm text-slate-500 tabular-nums sm:ml-auto sm:pb-3">
          {t('dashboard.lists.count', { count: total })}
        </p>
      )}
    </div>
  );
}
