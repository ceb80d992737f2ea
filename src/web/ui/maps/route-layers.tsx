import { Fragment } from 'react';
import L from 'leaflet';
import { Marker, Polyline, Popup } from 'react-leaflet';
import type { MapPoint } from '#shared/schemas/map-schemas';
import { DONE_COLOUR, type MapRoute, type MapRouteStop } from './map-route';

const icons = new Map<string, L.DivIcon>();

/**
 * A stop's marker: its number in a circle, filled for a delivery and a ring for a pickup (the
 * markers' language of ui/maps/leaflet-map.tsx), grey once done, larger with a halo when next.
 */
function stopIconOf(stop: MapRouteStop, colour: string): L.DivIcon {
  const key = `${stop.kind}\n${stop.state}\n${colour}\n${stop.number}`;
  let icon = icons.get(key);
  if (!icon) {
    const tint = stop.state === 'done' ? DONE_COLOUR : colour;
    const size = stop.state === 'next' ? 30 : 24;
    const filled = stop.kind === 'delivery';
    const style = filled
      ? `background:${tint};color:#fff;border:2px solid #fff`
      : `background:#fff;color:${tint};border:3px solid ${tint}`;
    const halo = stop.state === 'next' ? ` box-shadow:0 0 0 4px ${colour}55;` : '';
    icon = L.divIcon({
      html: `<span class="flex size-full items-center justify-center rounded-full text-xs font-bold shadow tabular-nums" style="${style};${halo}">${stop.number}</span>`,
      className: '',
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    icons.set(key, icon);
  }
  return icon;
}

const toLatLng = ({ lat, lng }: MapPoint): L.LatLngTuple => [lat, lng];

/**
 * The runs' routes (docs/decisions/0024-runs-and-planning.md, "Runs on the live map"): the way already driven through
 * the stops done in a faint dashed line, the way ahead from the truck through the stops left in
 * the run's colour, and each stop numbered.
 */
export function MapRoutes({ routes, dir }: { routes: readonly MapRoute[]; dir: 'ltr' | 'rtl' }) {
  return routes.map((route) => {
    const done = route.stops.filter((stop) => stop.state === 'done');
    const open = route.stops.filter((stop) => stop.state !== 'done');
    const lastDone = done.at(-1);
    const from = route.start ?? lastDone;
    const ahead = [...(from ? [from] : []), ...open].map(toLatLng);
    return (
      <Fragment key={route.key}>
        {done.length > 1 && (
          <Polyline
            positions={done.map(toLatLng)}
            pathOptions={{ color: DONE_COLOUR, weight: 3, dashArray: '6 6' }}
          />
        )}
        {ahead.length > 1 && (
          <Polyline
            positions={ahead}
            pathOptions={{ color: route.colour, weight: 4, opacity: 0.85 }}
          />
        )}
        {route.stops.map((stop) => (
          <Marker
            key={stop.key}
            position={toLatLng(stop)}
            icon={stopIconOf(stop, route.colour)}
            title={stop.title}
            alt={stop.title}
            keyboard={Boolean(stop.popup)}
            zIndexOffset={stop.state === 'next' ? 500 : 0}
          >
            {stop.popup && (
              <Popup>
                <div dir={dir}>{stop.popup}</div>
              </Popup>
            )}
          </Marker>
        ))}
      </Fragment>
    );
  });
}
