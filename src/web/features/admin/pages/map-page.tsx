import '../../../i18n/maps-strings';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminMapTruck, TruckPosition } from '#shared/schemas/map-schemas';
import { apiRequest } from '../../../lib/api-client';
import { useFormatters } from '../../../i18n/use-formatters';
import { Card } from '../../../ui/card';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { LazyLeafletMap } from '../../../ui/maps/lazy-leaflet-map';
import type { MapMarker } from '../../../ui/maps/leaflet-map';
import { newerPosition, useLivePositions } from '../../../ui/maps/live-positions';
import { useMapSettings } from '../../../ui/maps/map-settings';

/**
 * Under the admin queries' key, so that every order event (the admin layout's stream) refreshes
 * it: a dispatched truck joins the map, a delivered one leaves it.
 */
const adminMapQueryKey = ['admin', 'map'] as const;
/** Arrival estimates move with the trucks; the positions themselves arrive live. */
const REFRESH_INTERVAL_MS = 60_000;

type TruckOnTheMap = AdminMapTruck & { livePosition: TruckPosition | null };

/**
 * /admin/map (docs/decisions/0009-drivers.md, "Positions, ETA and maps"): every truck on the
 * road at its last known position, each with a popup naming its plate, driver, shipment and
 * expected arrival, and the same trucks listed below the map for small screens and screen
 * readers.
 */
export function AdminMapPage() {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const live = useLivePositions();
  const trucks = useQuery({
    queryKey: adminMapQueryKey,
    queryFn: ({ signal }) => apiRequest<AdminMapTruck[]>('/admin/map', { signal }),
    staleTime: 0,
    refetchInterval: REFRESH_INTERVAL_MS,
  });

  const onTheMap = useMemo<TruckOnTheMap[]>(
    () =>
      (trucks.data ?? []).map((truck) => ({
        ...truck,
        livePosition: newerPosition(truck.position, live.get(truck.trackingNumber)),
      })),
    [trucks.data, live],
  );
  const markers = useMemo<MapMarker[]>(
    () =>
      onTheMap.flatMap(({ livePosition, ...truck }) =>
        livePosition
          ? [
              {
                key: truck.orderId,
                kind: 'truck' as const,
                label: truck.truckNumber,
                lat: livePosition.lat,
                lng: livePosition.lng,
                popup: <TruckPopup truck={truck} position={livePosition} />,
              },
            ]
          : [],
      ),
    [onTheMap],
  );

  return (
    <>
      <PageHeader title={t('maps.admin.title')} lead={t('maps.admin.lead')} />
      {trucks.isPending && <LoadingState />}
      {trucks.isError && (
        <ErrorState message={t('maps.admin.failed')} onRetry={() => void trucks.refetch()} />
      )}
      {trucks.data && (
        <div className="flex flex-col gap-4">
          <LazyLeafletMap
            label={t('maps.admin.mapLabel')}
            markers={markers}
            settings={settings}
            className="h-[60vh] min-h-72 w-full"
          />
          {onTheMap.length === 0 ? (
            <EmptyState message={t('maps.admin.empty')} />
          ) : (
            <Card title={t('maps.admin.listTitle')}>
              <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                {onTheMap.map(({ livePosition, ...truck }) => (
                  <li
                    key={truck.orderId}
                    className="rounded-lg border border-slate-200 p-3 text-sm"
                  >
                    <TruckDetails truck={truck} position={livePosition} />
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      )}
    </>
  );
}

function TruckPopup({ truck, position }: { truck: AdminMapTruck; position: TruckPosition }) {
  return (
    <div className="min-w-48 text-sm">
      <TruckDetails truck={truck} position={position} />
    </div>
  );
}

function TruckDetails({
  truck,
  position,
}: {
  truck: AdminMapTruck;
  position: TruckPosition | null;
}) {
  const { t } = useTranslation();
  const { dateTime, city } = useFormatters();
  const details = [
    [t('maps.admin.driver'), truck.driverName],
    [t('maps.admin.trackingNumber'), truck.trackingNumber],
    [t('maps.admin.eta'), truck.eta ? dateTime(truck.eta) : t('maps.admin.etaUnknown')],
    [t('maps.admin.lastSeen'), position ? dateTime(position.at) : t('maps.admin.noPosition')],
  ] as const;
  return (
    <>
      <p className="font-semibold text-slate-900">
        {t('maps.admin.truck')} <span className="font-mono tabular-nums">{truck.truckNumber}</span>
      </p>
      <p className="text-slate-600">
        {t('maps.admin.route', { from: city(truck.pickupLoc), to: city(truck.deliveryLoc) })}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Link
        to={`/admin/orders/${truck.orderId}`}
        className="mt-2 inline-flex min-h-10 items-center font-semibold text-brand-800! underline-offset-4 hover:underline"
      >
        {t('maps.admin.openOrder')}
      </Link>
    </>
  );
}
