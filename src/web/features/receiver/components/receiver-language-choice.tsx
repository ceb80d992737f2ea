import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type Locale } from '#shared/i18n/locales';
import { useLocale } from '../../../i18n/i18n';
import { setLocale } from '../../../i18n/set-locale';

/** French first: the receiver's page opens in it (docs/decisions/0023). */
const RECEIVER_LOCALES: readonly Locale[] = ['fr', 'ar', 'en'];

/**
 * Three big buttons rather than a menu: on a phone a receiver sees at once that the page speaks
 * Arabic and English too. The choice stays on this phone; a receiver has no account to keep it.
 */
export function ReceiverLanguageChoice() {
  const { t } = useTranslation();
  const current = useLocale();
  return (
    <div role="group" aria-label={t('receiver.languageChoice')} className="flex shrink-0 gap-1">
      {RECEIVER_LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          onClick={() => void setLocale(locale, { saveToAccount: false })}
          className={`min-h-10 rounded-lg px-2 text-sm font-semibold sm:px-3 ${
            locale === current
              ? 'bg-brand-800 text-white'
              : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
          }`}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </div>
  );
}
