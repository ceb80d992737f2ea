import '../public-pages-strings';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Info, PackageSearch, Search, SearchX } from 'lucide-react';
import type { PublicTracking } from '#shared/schemas/order-schemas';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { ORDER_EVENT_NAME } from '#shared/order-lifecycle';
import { useEventStream } from '../../../lib/live/use-event-stream';
import { buttonClassName } from '../../../ui/button-styles';
import { Container } from '../../../ui/container';
import { inputClassName, labelClassName } from '../../../ui/input-styles';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { TitledPageHero } from '../../../ui/page-hero';
import { ShipmentTrackingResult } from '../components/shipment-tracking-result';

const inputId = 'tracking-number';
const errorId = 'tracking-number-error';

/**
 * Track Shipment goes beyond docs/product.md, section 2 (docs/product.md, decision 12):
 * it looks the number up with
 * GET /api/track/:trackingNumber, no login needed. The number lives in `?number=`, so a link
 * (the wizard's Thank You screen, an email) opens the result directly; a label's QR code writes
 * it shorter, `?n=` (#shared/labels trackingLink). Once a shipment is shown,
 * its public event stream keeps it current: each event fetches it again.
 */
export function TrackShipmentPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const number = (searchParams.get('number') ?? searchParams.get('n') ?? '').trim().toUpperCase();
  const [error, setError] = useState<string | null>(null);

  const tracking = useQuery({
    queryKey: ['track', number],
    queryFn: ({ signal }) =>
      apiRequest<PublicTracking>(`/track/${encodeURIComponent(number)}`, { signal }),
    enabled: number !== '',
  });
  useEventStream({
    path: `/track/${encodeURIComponent(number)}/events`,
    eventName: ORDER_EVENT_NAME,
    enabled: tracking.data !== undefined,
    onEvent: () => void tracking.refetch(),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('trackingNumber') ?? '').trim();
    if (!typed) {
      setError(t('public.track.required'));
      return;
    }
    setError(null);
    if (typed.toUpperCase() === number) void tracking.refetch();
    else setSearchParams({ number: typed.toUpperCase() });
  };

  const notFound = tracking.error instanceof ApiError && tracking.error.status === 404;

  return (
    <>
      <TitledPageHero words="public.track" />
      <Container width="narrow" className="py-16">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <form noValidate onSubmit={submit}>
            <label htmlFor={inputId} className={labelClassName}>
              {t('public.track.label')}
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <div className="relative flex-1">
                <input
                  // A new number in the address (back, forward, a link) refills the box.
                  key={number}
                  id={inputId}
                  name="trackingNumber"
                  type="text"
                  defaultValue={number}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder={t('public.track.placeholder')}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={() => setError(null)}
                  className={`${inputClassName(Boolean(error))} ps-10 font-mono tabular-nums placeholder:font-sans`}
                />
                <PackageSearch
                  aria-hidden="true"
                  className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
                />
              </div>
              <button
                type="submit"
                disabled={tracking.isFetching}
                className={buttonClassName('primary', 'lg')}
              >
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

          {number && (
            <div className="mt-8 border-t border-slate-200 pt-6">
              {tracking.isPending && (
                <LoadingState label={t('public.track.searching', { number })} />
              )}
              {notFound && (
                <div
                  role="status"
                  className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center"
                >
                  <SearchX aria-hidden="true" className="size-7 text-slate-400" />
                  <p className="font-semibold text-slate-900">{t('public.track.notFound')}</p>
                  <p className="text-sm text-slate-600">{t('public.track.notFoundText')}</p>
                </div>
              )}
              {tracking.isError && !notFound && (
                <ErrorState
                  message={t('public.track.failed')}
                  onRetry={() => void tracking.refetch()}
                />
              )}
              {tracking.data && <ShipmentTrackingResult shipment={tracking.data} />}
            </div>
          )}
        </div>

        <div className="mt-8 flex items-start gap-3 text-slate-600">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <h2 className="font-semibold text-slate-900">{t('public.track.helpTitle')}</h2>
            <p className="mt-1">{t('public.track.helpText')}</p>
            <Link
              to="/faq"
              className="-mx-1 mt-1 inline-flex min-h-10 items-center rounded-lg px-1 font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {t('public.track.faqLink')}
            </Link>
          </div>
        </div>
      </Container>
    </>
  );
}
