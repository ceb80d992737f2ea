import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Info, PackageSearch, Search } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { Container } from '../../../ui/container';
import { inputClassName, labelClassName } from '../../../ui/input-styles';
import { PageHero } from '../components/page-hero';
import { usePageTitle } from '../use-page-title';

const inputId = 'tracking-number';
const errorId = 'tracking-number-error';

/**
 * SPEC section 2: Track only echoes the number on a placeholder line and makes no call; the
 * real look-up comes with the tracking API.
 */
export function TrackShipmentPage() {
  const { t } = useTranslation();
  usePageTitle(t('public.track.title'));
  const [error, setError] = useState<string | null>(null);
  const [trackedNumber, setTrackedNumber] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = String(new FormData(event.currentTarget).get('trackingNumber') ?? '').trim();
    if (!number) {
      setError(t('public.track.required'));
      setTrackedNumber(null);
      return;
    }
    setError(null);
    setTrackedNumber(number);
  };

  return (
    <>
      <PageHero
        eyebrow={t('public.track.eyebrow')}
        title={t('public.track.title')}
        lead={t('public.track.lead')}
      />
      <Container width="narrow" className="py-16">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <form noValidate onSubmit={submit}>
            <label htmlFor={inputId} className={labelClassName}>
              {t('public.track.label')}
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <div className="relative flex-1">
                <input
                  id={inputId}
                  name="trackingNumber"
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={t('public.track.placeholder')}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={() => setError(null)}
                  className={`${inputClassName(Boolean(error))} pl-10 font-mono tabular-nums placeholder:font-sans`}
                />
                <PackageSearch
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
                />
              </div>
              <button type="submit" className={buttonClassName('primary', 'lg')}>
                <Search aria-hidden="true" className="size-4" />
                {t('public.track.submit')}
              </button>
            </div>
            {error && (
              <p id={errorId} className="mt-2 text-sm text-red-700">
                {error}
              </p>
            )}
          </form>
          <p
            role="status"
            className="empty:hidden mt-6 rounded-lg bg-brand-50 p-4 text-brand-900 ring-1 ring-brand-100"
          >
            {trackedNumber && t('public.track.result', { number: trackedNumber })}
          </p>
        </div>

        <div className="mt-8 flex items-start gap-3 text-slate-600">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <h2 className="font-semibold text-slate-900">{t('public.track.helpTitle')}</h2>
            <p className="mt-1">{t('public.track.helpText')}</p>
            <Link
              to="/faq"
              className="-mx-1 mt-1 inline-flex min-h-10 items-center rounded px-1 font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {t('public.track.faqLink')}
            </Link>
          </div>
        </div>
      </Container>
    </>
  );
}
