import '../driver-strings';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../i18n/use-message-text';
import { useLocale } from '../../../i18n/i18n';
import { toBusinessDate } from '#shared/business-calendar';
import { usePageTitle } from '../../../ui/use-page-title';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, CloudOff, LogOut, MapPinOff, ScanLine } from 'lucide-react';
import { DRIVER_STEP_DONE_MESSAGES, type DriverStepResult } from '#shared/schemas/driver-schemas';
import { useSession } from '../../../lib/session/session-context';
import { LiveIndicator } from '../../../ui/live-indicator';
import { useLiveOrderUpdates } from '../../../lib/live/use-live-order-updates';
import { LanguageSwitcher } from '../../../i18n/language-switcher';
import { BrandMark } from '../../../ui/brand-mark';
import { buttonClassName } from '../../../ui/button-styles';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import type { StepKind } from '../offline/step-queue';
import { useStepQueue, type StepQueue } from '../offline/use-step-queue';
import { DeliveredList } from '../orders/delivered-list';
import { driverOrdersQueryKey, useDriverOrders } from '../orders/driver-orders-api';
import { OrderCard } from '../orders/order-card';
import { formatCalendarDay } from '#shared/format';
import { splitByStopDay } from '../orders/stop-days';
import { usePositionReporting } from '../position/use-position-reporting';
import { LoadCheckPanel } from '../scanning/load-check-panel';
import { ScanParcelPanel } from '../scanning/scan-parcel-panel';
import { useDriverRun } from '../run/driver-run-api';
import { openRunOrderIds, RunCard, RunFinished, runToShow } from '../run/run-card';

function QueueNotices({ queue }: { queue: StepQueue }) {
  const { t } = useTranslation();
  return (
    <>
      {queue.pending.length > 0 && (
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">
              {t('driver.offline.queued', { count: queue.pending.length })}
            </p>
            <p>{t('driver.offline.hint')}</p>
          </div>
        </div>
      )}
      {queue.refusals.map(({ action, message }) => (
        <div
          key={action.key}
          role="alert"
          className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-medium">
            {t('driver.offline.refused', { trackingNumber: action.trackingNumber, message })}
          </p>
          <button
            type="button"
            onClick={() => queue.dismissRefusal(action.key)}
            className={buttonClassName('ghost')}
          >
            {t('driver.offline.dismiss')}
          </button>
        </div>
      ))}
    </>
  );
}

/**
 * /driver (docs/decisions/0009-drivers.md, "The driver's orders"): made for a phone. The orders on the road with
 * their next step, the last ones delivered, live refreshes from the order events, the position
 * sent while on the road, and steps that wait for the network when there is none.
 */
/** What the driver reads once a step went through. */
export function DriverPage() {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const locale = useLocale();
  usePageTitle(t('driver.page.title'));
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const orders = useDriverOrders();
  const liveState = useLiveOrderUpdates(driverOrdersQueryKey);
  const runQuery = useDriverRun();
  const run = runToShow(runQuery.data?.run ?? null);
  const onTheRoad = orders.data?.onTheRoad ?? [];
  // The run's stops still to do show their orders; the others stay in the list below.
  const inRun = run ? openRunOrderIds(run) : new Set<string>();
  const outsideRun = onTheRoad.filter((order) => !inRun.has(order.id));
  // Today's stops first, then the postponed ones under their day (docs/decisions/0023).
  const round = splitByStopDay(outsideRun, toBusinessDate(new Date()));
  // GET /api/driver/run answers null once the run ended: the run shown last says it finished.
  const [shownRunId, setShownRunId] = useState<string | null>(null);
  const [runFinished, setRunFinished] = useState(false);
  if (runQuery.data && (run?.id ?? null) !== shownRunId) {
    setShownRunId(run?.id ?? null);
    setRunFinished(run === null);
  }
  const position = usePositionReporting(onTheRoad.length > 0);
  const { reportNow } = position;
  const [lastResult, setLastResult] = useState<string | null>(null);
  const [scanPanel, setScanPanel] = useState<'scan' | 'load' | null>(null);

  const onApplied = useCallback(
    (result?: DriverStepResult, step?: StepKind) => {
      // The answer's message is the API's English; the screen says it in the driver's language.
      if (result && step) setLastResult(messageText(DRIVER_STEP_DONE_MESSAGES[step]));
      void queryClient.invalidateQueries({ queryKey: driverOrdersQueryKey });
      reportNow();
    },
    [queryClient, reportNow, messageText],
  );
  const queue = useStepQueue(user?.id ?? 'signed-out', onApplied);

  let content;
  if (orders.isPending) {
    content = <LoadingState label={t('driver.page.loading')} />;
  } else if (orders.isError) {
    content = (
      <ErrorState message={t('driver.page.loadFailed')} onRetry={() => void orders.refetch()} />
    );
  } else {
    content = (
      <>
        {runFinished && <RunFinished onDismiss={() => setRunFinished(false)} />}
        {/* A refresh that failed keeps the run last read on screen. */}
        {runQuery.isError && !runQuery.data && (
          <ErrorState
            message={t('driver.run.loadFailed')}
            onRetry={() => void runQuery.refetch()}
          />
        )}
        {run && <RunCard run={run} orders={onTheRoad} queue={queue} />}
        {(!run || outsideRun.length > 0) && (
          <section aria-labelledby="driver-on-the-road" className="flex flex-col gap-3">
            <h2 id="driver-on-the-road" className="text-base font-semibold text-slate-900">
              {t('driver.page.onTheRoad')}
            </h2>
            {outsideRun.length === 0 && !runFinished && (
              <EmptyState message={t('driver.page.noOrders')} />
            )}
            {outsideRun.length > 0 && round.today.length === 0 && (
              <EmptyState message={t('driver.page.nothingToday')} />
            )}
            {round.today.map((order) => (
              <OrderCard key={order.id} order={order} queue={queue} />
            ))}
          </section>
        )}
        {round.later.map(({ day, orders: dayOrders }) => (
          <section key={day} aria-labelledby={`driver-day-${day}`} className="flex flex-col gap-3">
            <h2 id={`driver-day-${day}`} className="text-base font-semibold text-slate-900">
              {formatCalendarDay(day, locale)}
            </h2>
            {dayOrders.map((order) => (
              <OrderCard key={order.id} order={order} queue={queue} />
            ))}
          </section>
        ))}
        <section aria-labelledby="driver-delivered" className="flex flex-col gap-3">
          <h2 id="driver-delivered" className="text-base font-semibold text-slate-900">
            {t('driver.page.delivered')}
          </h2>
          <DeliveredList orders={orders.data.delivered} />
        </section>
      </>
    );
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 py-2">
          <BrandMark />
          <div className="flex items-center gap-3">
            <LanguageSwitcher />
            <LiveIndicator state={liveState} />
            <button
              type="button"
              onClick={() => void logout()}
              className={buttonClassName('ghost')}
            >
              <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('driver.page.signOut')}
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-4">
        <h1 className="text-xl font-bold text-slate-900">{t('driver.page.title')}</h1>
        <div className="grid grid-cols-2 gap-2">
          <button
            type="button"
            aria-pressed={scanPanel === 'scan'}
            onClick={() => setScanPanel(scanPanel === 'scan' ? null : 'scan')}
            className={buttonClassName('primary', 'lg')}
          >
            <ScanLine aria-hidden="true" className="size-5" />
            {t('scanning.driver.scan')}
          </button>
          <button
            type="button"
            aria-pressed={scanPanel === 'load'}
            disabled={!orders.data}
            onClick={() => setScanPanel(scanPanel === 'load' ? null : 'load')}
            className={buttonClassName('secondary', 'lg')}
          >
            <ClipboardCheck aria-hidden="true" className="size-5" />
            {t('scanning.driver.checkLoad')}
          </button>
        </div>
        {scanPanel === 'scan' && (
          <ScanParcelPanel queue={queue} onClose={() => setScanPanel(null)} />
        )}
        {scanPanel === 'load' && orders.data && (
          <LoadCheckPanel
            userId={user?.id ?? 'signed-out'}
            onTheRoad={onTheRoad}
            onClose={() => setScanPanel(null)}
          />
        )}
        {lastResult && (
          <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
            {lastResult}
          </p>
        )}
        {position.denied && (
          <p className="flex gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
            <MapPinOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('driver.position.denied')}
          </p>
        )}
        <QueueNotices queue={queue} />
        {content}
      </main>
    </div>
  );
}
