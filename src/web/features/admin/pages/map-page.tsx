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
import type { MapMarker } from '../../../ui/maps/leaflet-map';
import { newerPosition, useLivePositions } from '../../../ui/maps/live-positions';
import { routeColourOf, stateOfStops, type MapRoute } from '../../../ui/maps/map-route';
import { RunRoutesMap } from '../../../ui/maps/run-routes-map';
import type { RunDetail } from '#shared/schemas/run-schemas';
import { useActiveRuns } from '../planning/planning-api';

/**
 * Under the admin queries' key, so that every order event (the admin layout's stream) refreshes
 * it: a dispatched truck joins the map, a delivered one leaves it.
 */
const adminMapQueryKey = ['admin', 'map'] as const;
/** Arrival estimates move with the trucks; the positions themselves arrive live. */
const REFRESH_INTERVAL_MS = 60_000;

/** A truck on the road with every order it carries (a run's truck carries many). */
interface TruckOnTheRoad {
  truckNumber: string;
  driverName: string;
  orders: AdminMapTruck[];
  /** The newest of its orders' positions, live or as the map read it. */
  position: TruckPosition | null;
}

/** One entry per truck: the map lists an order per row, and a run's orders share their truck. */
function trucksOnTheRoad(
  rows: readonly AdminMapTruck[],
  live: ReadonlyMap<string, TruckPosition>,
): TruckOnTheRoad[] {
  const byTruck = new Map<string, TruckOnTheRoad>();
  for (const row of rows) {
    const truck = byTruck.get(row.truckNumber) ?? {
      truckNumber: row.truckNumber,
      driverName: row.driverName,
      orders: [],
      position: null,
    };
    truck.orders.push(row);
    truck.position = newerPosition(
      truck.position,
      newerPosition(row.position, live.get(row.trackingNumber)),
    );
    byTruck.set(row.truckNumber, truck);
  }
  return [...byTruck.values()];
}

/**
 * /admin/map (docs/decisions/0009-drivers.md, "Positions, ETA and maps"): every truck on the
 * road at its last known position, each with a popup naming its plate, driver, shipment and
 * expected arrival, and the same trucks listed below the map for small screens and screen
 * readers. Each run on the road is drawn from its truck through its stops, done, next and to
 * come (docs/decisions/0024-runs-and-planning.md, "Runs on the live map"); every order event
 * refetches the runs, so a stop done moves the run on.
 */
export function AdminMapPage() {
  const { t } = useTranslation();
  const { city } = useFormatters();
  const live = useLivePositions();
  const activeRuns = useActiveRuns();
  const trucks = useQuery({
    queryKey: adminMapQueryKey,
    queryFn: ({ signal }) => apiRequest<AdminMapTruck[]>('/admin/map', { signal }),
    staleTime: 0,
    refetchInterval: REFRESH_INTERVAL_MS,
  });

  const onTheMap = useMemo(() => trucksOnTheRoad(trucks.data ?? [], live), [trucks.data, live]);
  const markers = useMemo<MapMarker[]>(
    () =>
      onTheMap.flatMap((truck) =>
        truck.position
          ? [
              {
                key: truck.truckNumber,
                kind: 'truck' as const,
                label: truck.truckNumber,
                lat: truck.position.lat,
                lng: truck.position.lng,
                popup: <TruckPopup truck={truck} />,
              },
            ]
          : [],
      ),
    [onTheMap],
  );
  const routes = useMemo<MapRoute[]>(
    () =>
      (activeRuns.data ?? []).map((run, index) => {
        const states = stateOfStops(run.stops.map((stop) => stop.outcome));
        return {
          key: run.id,
          colour: routeColourOf(index),
          start: truckPositionOf(run, onTheMap, live),
          stops: run.stops.map((stop, at) => ({
            key: `${stop.orderId}-${stop.kind}`,
            number: stop.position,
            kind: stop.kind,
            state: states[at]!,
            lat: stop.lat,
            lng: stop.lng,
            title: t('maps.routes.stop', {
              number: stop.position,
              kind: t(`maps.markers.${stop.kind}`),
              trackingNumber: stop.trackingNumber,
              city: city(stop.city),
            }),
          })),
        };
      }),
    [activeRuns.data, onTheMap, live, t, city],
  );
  const runsById = new Map((activeRuns.data ?? []).map((run) => [run.id, run]));

  return (
    <>
      <PageHeader title={t('maps.admin.title')} lead={t('maps.admin.lead')} />
      {trucks.isPending && <LoadingState />}
      {trucks.isError && (
        <ErrorState message={t('maps.admin.failed')} onRetry={() => void trucks.refetch()} />
      )}
      {trucks.data && (
        <div className="flex flex-col gap-4">
          <RunRoutesMap
            label={t('maps.admin.mapLabel')}
            markers={markers}
            routes={routes}
            truckOf={(route) => runsById.get(route.key)?.truck.truckNumber ?? ''}
            progress
          />
          {activeRuns.isError && (
            <ErrorState
              message={t('maps.routes.runsFailed')}
              onRetry={() => void activeRuns.refetch()}
            />
          )}
          {routes.length > 0 && (
            <Card title={t('maps.routes.runsTitle')}>
              <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="active-runs">
                {routes.map((route) => (
                  <RunProgress
                    key={route.key}
                    run={runsById.get(route.key)!}
                    colour={route.colour}
                  />
                ))}
              </ul>
            </Card>
          )}
          {onTheMap.length === 0 ? (
            <EmptyState message={t('maps.admin.empty')} />
          ) : (
            <Card title={t('maps.admin.listTitle')}>
              <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                {onTheMap.map((truck) => (
                  <li
                    key={truck.truckNumber}
                    className="rounded-lg border border-slate-200 p-3 text-sm"
                  >
                    <TruckDetails truck={truck} />
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

/**
 * Where the run's truck is: the newest position of any of its orders, live or as the map read it;
 * null until its driver shares one (the route then starts at its first stop).
 */
function truckPositionOf(
  run: RunDetail,
  trucks: readonly TruckOnTheRoad[],
  live: ReadonlyMap<string, TruckPosition>,
): TruckPosition | null {
  let newest = trucks.find((truck) => truck.truckNumber === run.truck.truckNumber)?.position;
  for (const stop of run.stops) newest = newerPosition(newest, live.get(stop.trackingNumber));
  return newest ?? null;
}

function RunProgress({ run, colour }: { run: RunDetail; colour: string }) {
  const { t } = useTranslation();
  const { city, dateTime } = useFormatters();
  const next = run.stops.find((stop) => stop.outcome === null);
  return (
    <li
      className="rounded-lg border border-slate-200 p-3 text-sm"
      style={{ borderInlineStartColor: colour, borderInlineStartWidth: 6 }}
      data-truck={run.truck.truckNumber}
    >
      <p className="font-semibold text-slate-900">
        {t('maps.admin.truck')}{' '}
        <span className="font-mono tabular-nums">{run.truck.truckNumber}</span>
      </p>
      <p className="text-slate-600">{run.driver.fullName}</p>
      <p className="mt-1 font-medium text-slate-900 tabular-nums" data-testid="run-progress">
        {t('maps.routes.progress', { done: run.progress.done, total: run.progress.total })}
      </p>
      <p className="text-slate-600">
        {next
          ? next.etaAt
            ? t('maps.routes.nextStopAt', {
                number: next.position,
                city: city(next.city),
                time: dateTime(next.etaAt),
              })
            : t('maps.routes.nextStop', { number: next.position, city: city(next.city) })
          : t('maps.routes.ended')}
      </p>
    </li>
  );
}

function TruckPopup({ truck }: { truck: TruckOnTheRoad }) {
  return (
    <div className="min-w-48 text-sm">
      <TruckDetails truck={truck} />
    </div>
  );
}

/** The truck, its driver, when it was last seen, and each order it carries with its arrival. */
function TruckDetails({ truck }: { truck: TruckOnTheRoad }) {
  const { t } = useTranslation();
  const { dateTime, city } = useFormatters();
  return (
    <>
      <p className="font-semibold text-slate-900">
        {t('maps.admin.truck')} <span className="font-mono tabular-nums">{truck.truckNumber}</span>
      </p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-500">{t('maps.admin.driver')}</dt>
        <dd className="font-medium text-slate-900">{truck.driverName}</dd>
        <dt className="text-slate-500">{t('maps.admin.lastSeen')}</dt>
        <dd className="font-medium text-slate-900 tabular-nums">
          {truck.position ? dateTime(truck.position.at) : t('maps.admin.noPosition')}
        </dd>
      </dl>
      <ul className="mt-2 flex flex-col gap-2">
        {truck.orders.map((order) => (
          <li key={order.orderId} className="border-t border-slate-100 pt-2">
            <p className="text-slate-600">
              {t('maps.admin.route', { from: city(order.pickupLoc), to: city(order.deliveryLoc) })}
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-500">{t('maps.admin.trackingNumber')}</dt>
              <dd className="font-mono font-medium text-slate-900 tabular-nums">
                {order.trackingNumber}
              </dd>
              <dt className="text-slate-500">{t('maps.admin.eta')}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">
                {order.eta ? dateTime(order.eta) : t('maps.admin.etaUnknown')}
              </dd>
            </dl>
            <Link
              to={`/admin/orders/${order.orderId}`}
              aria-label={t('maps.admin.openOrderNamed', { trackingNumber: order.trackingNumber })}
              className="inline-flex min-h-10 items-center font-semibold text-brand-800! underline-offset-4 hover:underline"
            >
              {t('maps.admin.openOrder')}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
