import '../../i18n/maps-strings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Clock, Truck } from 'lucide-react';
import type { OrderStatus } from '#shared/order-status';
import type { OrderMapFields } from '#shared/schemas/map-schemas';
import { useFormatters } from '../../i18n/use-formatters';
import { Card } from '../card';
import { LazyLeafletMap } from './lazy-leaflet-map';
import type { MapMarker } from './leaflet-map';
import { newerPosition, useLivePositions } from './live-positions';
import { useMapSettings } from './map-settings';

/** The markers' look (ui/maps/leaflet-map.tsx), named. */
const LEGEND = [
  { kind: 'pickup', swatch: 'border-[3px] border-brand-700 bg-white' },
  { kind: 'delivery', swatch: 'bg-brand-800' },
  { kind: 'truck', swatch: 'bg-accent-500' },
] as const;

/** What every order the API answers (public tracking, customer, admin) carries for its map. */
export interface MappedOrder extends OrderMapFields {
  trackingNumber: string;
  status: OrderStatus;
  pickup_loc: string;
  delivery_loc: string;
}

/**
 * One order's map (docs/decisions/0009-drivers.md, "Positions, ETA and maps"): pickup and
 * delivery, and while the order is on the road its truck, moved by each live position.
 */
interface OrderMapProps {
  order: MappedOrder;
  className?: string;
  /** 3 inside a section that already has its h2 (the public tracking result). */
  headingLevel?: 2 | 3;
}

export function OrderMap({ order, className = '', headingLevel }: OrderMapProps) {
  const { t } = useTranslation();
  const { dateTime, city } = useFormatters();
  const settings = useMapSettings();
  const live = useLivePositions();
  const onTheRoad = order.status === 'IN_TRANSIT';
  const truck = onTheRoad ? newerPosition(order.position, live.get(order.trackingNumber)) : null;
  const { pickup, delivery } = order.route;

  const markers = useMemo(() => {
    const list: MapMarker[] = [
      { key: 'pickup', kind: 'pickup', ...pickup },
      { key: 'delivery', kind: 'delivery', ...delivery },
    ];
    if (truck) list.push({ key: 'truck', kind: 'truck', lat: truck.lat, lng: truck.lng });
    return list;
  }, [pickup, delivery, truck]);

  return (
    <Card title={t('maps.order.title')} className={className} headingLevel={headingLevel}>
      <LazyLeafletMap
        label={t('maps.label', { from: city(order.pickup_loc), to: city(order.delivery_loc) })}
        markers={markers}
        settings={settings}
        className="h-64 w-full sm:h-80"
      />
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {LEGEND.map(({ kind, swatch }) => (
          <li key={kind} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-3 rounded-full ${swatch}`} />
            {t(`maps.markers.${kind}`)}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {order.eta && (
          <p className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            <span className="text-slate-600">{t('maps.order.eta')}</span>
            <span className="font-semibold text-slate-900 tabular-nums">{dateTime(order.eta)}</span>
          </p>
        )}
        <p className="flex items-center gap-2 text-slate-600">
          <Truck aria-hidden="true" className="size-4 shrink-0 text-accent-600" />
          {truck
            ? t('maps.order.lastSeen', { time: dateTime(truck.at) })
            : t(onTheRoad ? 'maps.order.noPosition' : 'maps.order.notOnTheRoad')}
        </p>
      </div>
    </Card>
  );
}
