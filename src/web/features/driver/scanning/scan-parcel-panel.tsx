import '../../../i18n/scanning-strings';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ScanLine } from 'lucide-react';
import { trackingNumberFromScan } from '#shared/scanned-code';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { BarcodeScanner } from '../../../ui/scanning/barcode-scanner';
import { LoadingState } from '../../../ui/spinner';
import { driverOrdersQueryKey } from '../orders/driver-orders-api';
import { OrderCard } from '../orders/order-card';
import type { StepQueue } from '../offline/use-step-queue';

/**
 * GET /api/driver/parcels/:trackingNumber, kept under the driver's orders so that a step taken
 * on the card, or a live event, refreshes it with the list.
 */
function useDriverParcel(trackingNumber: string | null) {
  return useQuery({
    queryKey: [...driverOrdersQueryKey, 'parcel', trackingNumber],
    queryFn: ({ signal }) =>
      apiRequest<DriverOrder>(`/driver/parcels/${encodeURIComponent(trackingNumber!)}`, {
        signal,
      }),
    enabled: trackingNumber !== null,
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

/**
 * The driver's Scan: a label scanned (or its number typed) opens that parcel's card with its next
 * step; a parcel that is not theirs, or no parcel at all, gets one message and nothing else.
 */
export function ScanParcelPanel({ queue, onClose }: { queue: StepQueue; onClose(): void }) {
  const { t } = useTranslation();
  const [trackingNumber, setTrackingNumber] = useState<string | null>(null);
  const [scanning, setScanning] = useState(true);
  const parcel = useDriverParcel(trackingNumber);

  const onCode = (text: string) => {
    const scanned = trackingNumberFromScan(text);
    if (!scanned) return;
    setTrackingNumber(scanned);
    setScanning(false);
  };

  const notTheirs = parcel.error instanceof ApiError && parcel.error.status === 404;
  return (
    <div className="flex flex-col gap-3">
      {scanning ? (
        <BarcodeScanner onCode={onCode} onClose={onClose} />
      ) : (
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => setScanning(true)}
            className={`${buttonClassName('secondary')} flex-1`}
          >
            <ScanLine aria-hidden="true" className="size-4" />
            {t('scanning.driver.scanAnother')}
          </button>
          <button type="button" onClick={onClose} className={buttonClassName('ghost')}>
            {t('scanning.driver.close')}
          </button>
        </div>
      )}
      {trackingNumber && parcel.isPending && (
        <LoadingState label={t('scanning.driver.looking', { trackingNumber })} />
      )}
      {notTheirs && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {t('scanning.driver.notYours', { trackingNumber })}
        </p>
      )}
      {parcel.isError && !notTheirs && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {t('scanning.driver.lookupFailed')}
        </p>
      )}
      {parcel.data && <OrderCard order={parcel.data} queue={queue} />}
    </div>
  );
}
