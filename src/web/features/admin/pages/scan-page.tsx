import '../../../i18n/scanning-strings';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FileSignature, ScanLine, Trash2 } from 'lucide-react';
import { trackingNumberFromScan } from '#shared/scanned-code';
import type { ScannedParcel } from '#shared/schemas/scanning-schemas';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { PageHeader } from '../../../ui/page-header';
import { BarcodeScanner } from '../../../ui/scanning/barcode-scanner';
import { addScannedParcel, handOverSheetLink } from '../scanning/scanned-list';

type Notice = { tone: 'ok' | 'warn'; text: string };

/** GET /api/admin/parcels/:trackingNumber; null when no parcel has that number. */
async function findParcel(trackingNumber: string): Promise<ScannedParcel | null> {
  try {
    return await apiRequest<ScannedParcel>(`/admin/parcels/${encodeURIComponent(trackingNumber)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * /admin/scan (docs/decisions/0022-labels-manifests-scanning.md, "Scanning"): a label scanned or
 * its number typed opens the order's page; in continuous mode each parcel joins a list instead,
 * once, and the list opens a new hand-over sheet.
 */
export function ScanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [scannerOpen, setScannerOpen] = useState(true);
  const [continuous, setContinuous] = useState(false);
  const [list, setList] = useState<readonly ScannedParcel[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Scans arrive faster than renders: the list a scan is added to is the latest, not a render's.
  const listRef = useRef(list);

  const onCode = async (text: string) => {
    const trackingNumber = trackingNumberFromScan(text);
    if (!trackingNumber) return;
    let parcel: ScannedParcel | null;
    try {
      parcel = await findParcel(trackingNumber);
    } catch {
      setNotice({ tone: 'warn', text: t('scanning.office.lookupFailed') });
      return;
    }
    if (!parcel) {
      setNotice({ tone: 'warn', text: t('scanning.office.notFound', { code: trackingNumber }) });
      return;
    }
    if (!continuous) {
      void navigate(`/admin/orders/${parcel.id}`);
      return;
    }
    const result = addScannedParcel(listRef.current, parcel);
    listRef.current = result.list;
    setList(result.list);
    setNotice(
      result.added
        ? {
            tone: 'ok',
            text: t('scanning.office.added', { trackingNumber: parcel.trackingNumber }),
          }
        : {
            tone: 'warn',
            text: t('scanning.office.duplicate', { trackingNumber: parcel.trackingNumber }),
          },
    );
  };

  const remove = (id: string) => {
    listRef.current = listRef.current.filter((parcel) => parcel.id !== id);
    setList(listRef.current);
  };

  return (
    <>
      <PageHeader title={t('scanning.office.title')} lead={t('scanning.office.lead')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <label className="flex min-h-10 items-center gap-3 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={continuous}
              onChange={(event) => setContinuous(event.target.checked)}
              className="size-5 accent-brand-800"
            />
            {t('scanning.office.continuous')}
          </label>
          {scannerOpen ? (
            <BarcodeScanner
              onCode={(text) => void onCode(text)}
              onClose={() => setScannerOpen(false)}
            />
          ) : (
            <button
              type="button"
              onClick={() => setScannerOpen(true)}
              className={buttonClassName('primary')}
            >
              <ScanLine aria-hidden="true" className="size-4" />
              {t('scanning.office.openScanner')}
            </button>
          )}
          {notice && (
            <p
              role={notice.tone === 'ok' ? 'status' : 'alert'}
              className={`rounded-lg p-3 text-sm font-medium ${
                notice.tone === 'ok'
                  ? 'bg-emerald-50 text-emerald-900'
                  : 'bg-amber-50 text-amber-900'
              }`}
            >
              {notice.text}
            </p>
          )}
        </div>

        {continuous && (
          <section aria-labelledby="scanned-list-title" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="scanned-list-title" className="text-base font-semibold text-slate-900">
                {t('scanning.office.listTitle', { number: list.length })}
              </h2>
              {list.length > 0 && (
                <Link to={handOverSheetLink(list)} className={buttonClassName('primary')}>
                  <FileSignature aria-hidden="true" className="size-4" />
                  {t('scanning.office.createSheet')}
                </Link>
              )}
            </div>
            {list.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
                {t('scanning.office.emptyList')}
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {list.map((parcel) => (
                  <li
                    key={parcel.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2"
                  >
                    <div className="min-w-0">
                      <Link
                        to={`/admin/orders/${parcel.id}`}
                        className="font-mono text-sm font-semibold text-brand-800 tabular-nums hover:underline"
                      >
                        {parcel.trackingNumber}
                      </Link>
                      <p className="text-sm text-slate-600">
                        {parcel.deliveryCity} · {parcel.driverName ?? t('scanning.office.noDriver')}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      <OrderStatusBadge status={parcel.status} />
                      <button
                        type="button"
                        onClick={() => remove(parcel.id)}
                        aria-label={t('scanning.office.remove', {
                          trackingNumber: parcel.trackingNumber,
                        })}
                        className={buttonClassName('ghost')}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </>
  );
}
