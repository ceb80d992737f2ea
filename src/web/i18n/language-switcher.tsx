import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Languages } from 'lucide-react';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '#shared/i18n/locales';
import { useLocale } from './i18n';
import { setLocale, type AccountSave } from './set-locale';

interface LanguageSwitcherProps {
  /** A header names it for screen readers only; a form (the Profile page) shows its label. */
  showLabel?: boolean;
  className?: string;
  /** Ids of what describes the field (a hint, a refusal). */
  describedBy?: string;
  /** What the account made of the choice, once the app shows the new language. */
  onSwitched?(result: AccountSave): void;
}

/**
 * The language menu (docs/decisions/0010-languages.md): each language in its own words and its own
 * `lang`, so a screen reader says "Français" in French whatever the page's language. A native
 * select: light enough for the landing page, and every phone has a good picker for it.
 */
export function LanguageSwitcher({
  showLabel = false,
  className = '',
  describedBy,
  onSwitched,
}: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  // The choice shows at once, while its words download.
  const [pending, setPending] = useState<Locale | null>(null);

  const choose = async (value: string) => {
    if (!isLocale(value)) return;
    setPending(value);
    const result = await setLocale(value);
    setPending(null);
    onSwitched?.(result);
  };

  const icon = 'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-slate-500';
  // In a bar on a phone, where room is short, only the icon shows; the picker opens the same.
  const narrow = showLabel
    ? 'ps-8 pe-8'
    : 'w-10 text-transparent sm:w-auto sm:ps-8 sm:pe-8 sm:text-slate-700';
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={showLabel ? 'mb-1.5 block text-sm font-medium text-slate-800' : 'sr-only'}
      >
        {t('ui.language')}
      </label>
      <div className="relative w-fit">
        <Languages aria-hidden="true" className={`${icon} start-3 sm:start-2.5`} />
        <select
          id={id}
          value={pending ?? locale}
          onChange={(event) => void choose(event.target.value)}
          aria-describedby={describedBy}
          // 16px on phones, which would otherwise zoom in on it.
          className={`min-h-10 appearance-none rounded-lg border border-slate-300 bg-white text-base font-medium text-slate-700 *:text-slate-900 hover:border-slate-400 sm:text-sm ${narrow}`}
        >
          {LOCALES.map((option) => (
            <option key={option} value={option} lang={option}>
              {LOCALE_NAMES[option]}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className={`${icon} end-2.5 ${showLabel ? '' : 'hidden sm:block'}`}
        />
      </div>
    </div>
  );
}
