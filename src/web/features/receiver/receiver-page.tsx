import './receiver-strings';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { isLocale } from '#shared/i18n/locales';
import { readStoredLocale } from '../../i18n/locale-preference';
import { setLocale } from '../../i18n/set-locale';
import { BrandMark } from '../../ui/brand-mark';
import { ErrorState } from '../../ui/query-states';
import { LoadingState } from '../../ui/spinner';
import { usePageTitle } from '../../ui/use-page-title';
import { InstructionsForm } from './components/instructions-form';
import { ParcelSummary } from './components/parcel-summary';
import { ReceiverLanguageChoice } from './components/receiver-language-choice';
import { RefuseSection } from './components/refuse-section';
import { RescheduleForm } from './components/reschedule-form';
import { isExpiredLink, useReceiverParcel } from './receiver-api';

/**
 * Receivers in Morocco read French first (docs/decisions/0023-failed-deliveries-and-returns.md):
 * the page opens in it unless this phone chose a language before.
 */
export async function adoptReceiverLocale(): Promise<void> {
  if (!isLocale(readStoredLocale())) await setLocale('fr', { saveToAccount: false });
}

/**
 * The receiver's page, from the link of their SMS: their parcel, and what they may still do
 * about it (another day, instructions for the driver, a refusal). Phone-first: one column.
 */
export function ReceiverPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const parcel = useReceiverParcel(token);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  usePageTitle(t('receiver.pageTitle'));

  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="flex items-center justify-between gap-3 bg-white px-4 py-3 shadow-sm">
        <span className="flex min-w-0 items-center gap-2 font-bold text-slate-900">
          <BrandMark className="size-8" />
          {t('receiver.brand')}
        </span>
        <ReceiverLanguageChoice />
      </header>
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-5">
        {parcel.isPending && <LoadingState label={t('receiver.loading')} />}
        {parcel.isError &&
          (isExpiredLink(parcel.error) ? (
            <section className="flex flex-col items-center gap-3 rounded-2xl bg-white px-5 py-10 text-center shadow-sm">
              <LinkIcon aria-hidden="true" className="size-8 text-slate-400" />
              <h1 className="text-lg font-bold text-slate-900">{t('receiver.expired.title')}</h1>
              <p className="text-slate-600">{t('receiver.expired.text')}</p>
            </section>
          ) : (
            <ErrorState message={t('receiver.failed')} onRetry={() => void parcel.refetch()} />
          ))}
        {/* Polite, and always present, so each new confirmation is read out. */}
        <div role="status" aria-live="polite">
          {confirmation && (
            <p className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              {confirmation}
            </p>
          )}
        </div>
        {parcel.data && (
          <>
            <ParcelSummary parcel={parcel.data} />
            {parcel.data.canReschedule && (
              <RescheduleForm token={token} parcel={parcel.data} onDone={setConfirmation} />
            )}
            {parcel.data.status === 'IN_TRANSIT' && (
              <InstructionsForm token={token} onDone={setConfirmation} />
            )}
            {parcel.data.canRefuse && <RefuseSection token={token} onDone={setConfirmation} />}
          </>
        )}
      </main>
    </div>
  );
}
