import '../../../i18n/scanning-strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleDashed } from 'lucide-react';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import { buttonClassName } from '../../../ui/button-styles';
import { EmptyState } from '../../../ui/query-states';
import { BarcodeScanner } from '../../../ui/scanning/barcode-scanner';
import {
  localDay,
  readLoadTicks,
  scanIntoLoad,
  summariseLoad,
  writeLoadTicks,
  type LoadScan,
} from './load-check';

function ScanNotice({ scan }: { scan: LoadScan }) {
  const { t } = useTranslation();
  if (scan.outcome === 'ticked') {
    return (
      <p
        role="status"
        className="rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900"
      >
        {t('scanning.load.ticked', { trackingNumber: scan.parcel.trackingNumber })}
      </p>
    );
  }
  return (
    <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
      {scan.outcome === 'already'
        ? t('scanning.load.already', { trackingNumber: scan.parcel.trackingNumber })
        : t('scanning.load.notInLoad', { code: scan.code })}
    </p>
  );
}

/**
 * "Check my load" (docs/decisions/0022-labels-manifests-scanning.md, "Scanning"): the driver's
 * parcels on the road, each ticked by a scan, the rest shown as missing before they leave. The
 * ticks stay on the phone for the day, so a reload keeps them.
 */
export function LoadCheckPanel({
  userId,
  onTheRoad,
  onClose,
}: {
  userId: string;
  onTheRoad: readonly DriverOrder[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [day] = useState(() => localDay(new Date()));
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() =>
    readLoadTicks(window.localStorage, userId, day),
  );
  const [lastScan, setLastScan] = useState<LoadScan | null>(null);
  const summary = summariseLoad(onTheRoad, ticked);

  const onCode = (text: string) => {
    const result = scanIntoLoad(onTheRoad, ticked, text);
    setLastScan(result.scan);
    if (result.ticked !== ticked) {
      setTicked(result.ticked);
      writeLoadTicks(window.localStorage, userId, day, result.ticked);
    }
  };

  return (
    <section aria-labelledby="load-check-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="load-check-title" className="text-base font-semibold text-slate-900">
          {t('scanning.load.title')}
        </h2>
        <button type="button" onClick={onClose} className={buttonClassName('ghost')}>
          {t('scanning.load.done')}
        </button>
      </div>
      {onTheRoad.length === 0 ? (
        <EmptyState message={t('scanning.load.empty')} />
      ) : (
        <>
          <p className="text-sm text-slate-600">{t('scanning.load.lead')}</p>
          <BarcodeScanner onCode={onCode} onClose={onClose} />
          {lastScan && <ScanNotice scan={lastScan} />}
          <p
            aria-live="polite"
            className={`rounded-lg p-3 text-base font-semibold tabular-nums ${
              summary.missing.length === 0
                ? 'bg-emerald-50 text-emerald-900'
                : 'bg-slate-100 text-slate-900'
            }`}
          >
            {summary.missing.length === 0
              ? t('scanning.load.allScanned', { total: summary.total })
              : t('scanning.load.progress', {
                  scanned: summary.scanned,
                  total: summary.total,
                  missing: summary.missing.length,
                })}
          </p>
          <ul aria-label={t('scanning.load.listLabel')} className="flex flex-col gap-2">
            {onTheRoad.map((order) => {
              const isTicked = ticked.has(order.id);
              return (
                <li
                  key={order.id}
                  className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2"
                >
                  <span className="font-mono text-sm font-semibold text-slate-900 tabular-nums">
                    {order.trackingNumber}
                  </span>
                  {isTicked ? (
                    <span className="flex items-center gap-1 text-sm font-medium text-emerald-700">
                      <CircleCheck aria-hidden="true" className="size-4" />
                      {t('scanning.load.scannedMark')}
                    </span>
                  ) : (
                    <span className="flex items-center gap-1 text-sm font-medium text-amber-700">
                      <CircleDashed aria-hidden="true" className="size-4" />
                      {t('scanning.load.missingMark')}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="text-xs text-slate-500">{t('scanning.load.keptOnPhone')}</p>
        </>
      )}
    </section>
  );
}
