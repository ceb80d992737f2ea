import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, MapPin } from 'lucide-react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import {
  cityLabel,
  cityNamesSortedFor,
  findCitiesContaining,
  findCity,
  regionLabel,
  type City,
} from '#shared/cities';
import type { Locale } from '#shared/i18n/locales';
import { useFormatters } from '../../../i18n/use-formatters';
import { useMessageText } from '../../../i18n/use-message-text';
import { inputClassName, labelClassName } from '../../../ui/input-styles';

/**
 * Every city for an empty box, in the alphabetical order of the reader's language; otherwise
 * the matches in any language, names that start with the text first.
 */
function listCitiesFor(text: string, locale: Locale): City[] {
  const typed = text.trim().toLocaleLowerCase(locale);
  if (!typed) return cityNamesSortedFor(locale).map((name) => findCity(name)!);
  const label = (city: City) => cityLabel(city.city, locale);
  const startsWithText = (city: City) =>
    label(city).toLocaleLowerCase(locale).startsWith(typed) ||
    city.city.toLowerCase().startsWith(typed)
      ? 0
      : 1;
  return findCitiesContaining(typed).sort(
    (a, b) => startsWithText(a) - startsWithText(b) || label(a).localeCompare(label(b), locale),
  );
}

interface CityPickerProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  /** Lets the form focus the field when it holds the first error. */
  inputRef?: (element: HTMLInputElement | null) => void;
  error?: string;
  hint?: string;
}

/**
 * A searchable city box over the built-in list (ARIA combobox): typing filters, arrows move,
 * Enter picks, Escape closes. A typed name that designates a listed city (any case, "Fez",
 * "Fès", "فاس") becomes its listed spelling when the box is left; anything else is left for
 * validation. The form holds the canonical name; the box shows it in the reader's language.
 */
export function CityPicker({
  label,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  hint,
}: CityPickerProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { locale } = useFormatters();
  // What the reader is typing, until they pick or leave; otherwise the value in their words.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? cityLabel(value, locale);
  const id = useId();
  const listId = `${id}-cities`;
  const messageId = `${id}-message`;
  const optionId = (index: number) => `${id}-city-${index}`;
  const input = useRef<HTMLInputElement | null>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const options = useMemo(() => listCitiesFor(text, locale), [text, locale]);
  const activeOptionId = open && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeOptionId) {
      document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
    }
  }, [activeOptionId]);

  const choose = (city: City) => {
    setDraft(null);
    onChange(city.city);
    setOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      setActiveIndex((index) => Math.min(index + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open && options[activeIndex]) {
      // Picks the highlighted city instead of submitting the form.
      event.preventDefault();
      choose(options[activeIndex]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const message = error === undefined ? hint : messageText(error);
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <div className="relative">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={(element) => {
            input.current = element;
            inputRef?.(element);
          }}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOptionId}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('ordering.cityPicker.placeholder')}
          value={text}
          onChange={(event) => {
            setDraft(event.target.value);
            onChange(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setDraft(null);
            const city = findCity(value);
            if (city && city.city !== value) onChange(city.city);
            onBlur();
          }}
          className={`${inputClassName(Boolean(error))} ps-10 pe-11`}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('ordering.cityPicker.showCities')}
          // Keeps the focus in the box, so choosing does not count as leaving it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen((isOpen) => !isOpen);
            input.current?.focus();
          }}
          className="absolute end-1 top-1 bottom-1 flex w-10 items-center justify-center rounded-lg text-slate-500 hover:text-slate-800"
        >
          <ChevronDown aria-hidden="true" className="size-5" />
        </button>
        {open && options.length > 0 && (
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className="absolute z-30 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {options.map((city, index) => (
              <li
                key={city.city}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => choose(city)}
                className={`flex min-h-10 cursor-pointer items-center justify-between gap-3 px-3 py-2 ${
                  index === activeIndex ? 'bg-brand-50 text-brand-900' : 'text-slate-800'
                }`}
              >
                <span className="font-medium">{cityLabel(city.city, locale)}</span>
                <span className="truncate text-xs text-slate-500">
                  {regionLabel(city.admin_name, locale)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {open && options.length === 0 && (
          <p
            role="status"
            className="absolute z-30 mt-1 w-full rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm text-slate-600 shadow-lg"
          >
            {t('ordering.cityPicker.noMatch', { text: text.trim() })}
          </p>
        )}
      </div>
      {message && (
        <p
          id={messageId}
          className={`mt-1 ${error ? 'text-sm text-red-700' : 'text-xs text-slate-500'}`}
        >
          {message}
        </p>
      )}
    </div>
  );
}

/** A CityPicker holding the form's field `name` (docs/product.md, decision 13), its error under it. */
export function CityField<T extends FieldValues, TOutput>({
  name,
  control,
  label,
}: {
  name: FieldPathByValue<T, string>;
  control: Control<T, unknown, TOutput>;
  label: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <CityPicker
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
