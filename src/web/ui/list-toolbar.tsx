import { SearchField } from './search-field';
import { FilterSelect, type SelectOption } from './select-field';

interface ListToolbarProps<Value extends string> {
  /** Left out for a list the server cannot search (the outbox). */
  search?: {
    label: string;
    placeholder: string;
    value: string;
    onChange(value: string): void;
  };
  filter?: {
    label: string;
    value: Value;
    options: readonly SelectOption<Value>[];
    onChange(value: Value): void;
  };
  /** "7 orders", once the total is known. */
  countText?: string;
}

/** Above every list: the search box, an optional filter, and the number of matches. */
export function ListToolbar<Value extends string>({
  search,
  filter,
  countText,
}: ListToolbarProps<Value>) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      {search && <SearchField {...search} className="sm:max-w-sm sm:flex-1" />}
      {filter && <FilterSelect {...filter} className="sm:w-52" />}
      {countText !== undefined && (
        <p role="status" className="text-sm text-slate-500 tabular-nums sm:ms-auto sm:pb-3">
          {countText}
        </p>
      )}
    </div>
  );
}
