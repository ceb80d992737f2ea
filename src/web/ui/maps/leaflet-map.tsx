import 'leaflet/dist/leaflet.css';
import '../../i18n/maps-strings';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { MOROCCO_BOUNDS } from '#shared/positions';
import type { MapPoint, MapSettings } from '#shared/schemas/map-schemas';
import type { MapRoute } from './map-route';
import { MapRoutes } from './route-layers';

export type MarkerKind = 'pickup' | 'delivery' | 'truck';

export interface MapMarker extends MapPoint {
  key: string;
  kind: MarkerKind;
  /** Written beside the marker (a truck's plate, where several trucks share a map). */
  label?: string;
  popup?: ReactNode;
}

/**
 * Markers are plain HTML (L.divIcon), never images: they draw without any request, so a map
 * whose tiles cannot load still shows where things are. Pickup a hollow ring, delivery a filled
 * brand dot, the truck a larger amber dot that stands out above both.
 */
const ICON_HTML: Record<MarkerKind, { html: string; size: number }> = {
  pickup: {
    html: '<span class="block size-full rounded-full border-4 border-brand-700 bg-white shadow"></span>',
    size: 20,
  },
  delivery: {
    html: '<span class="block size-full rounded-full border-2 border-white bg-brand-800 shadow"></span>',
    size: 20,
  },
  truck: {
    html: '<span class="flex size-full items-center justify-center rounded-full border-2 border-white bg-accent-500 shadow-md"><span class="size-2 rounded-full bg-white"></span></span>',
    size: 28,
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const icons = new Map<string, L.DivIcon>();

/** One icon per kind and label, made once: the dot is the anchor, the label hangs beside it. */
function iconOf(kind: MarkerKind, label: string | undefined): L.DivIcon {
  const key = `${kind}\n${label ?? ''}`;
  let icon = icons.get(key);
  if (!icon) {
    const { html, size } = ICON_HTML[kind];
    const labelHtml = label
      ? `<span class="absolute top-1/2 left-full ml-1 -translate-y-1/2 rounded bg-white/90 px-1 font-mono text-xs font-semibold whitespace-nowrap text-slate-900 shadow">${escapeHtml(label)}</span>`
      : '';
    icon = L.divIcon({
      html: `${html}${labelHtml}`,
      className: '',
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    icons.set(key, icon);
  }
  return icon;
}

const moroccoBounds = L.latLngBounds(
  [MOROCCO_BOUNDS.south, MOROCCO_BOUNDS.west],
  [MOROCCO_BOUNDS.north, MOROCCO_BOUNDS.east],
);
const FIT_OPTIONS: L.FitBoundsOptions = { padding: [32, 32], maxZoom: 11 };

function boundsOf(points: MapPoint[]): L.LatLngBounds {
  if (points.length === 0) return moroccoBounds;
  return L.latLngBounds(points.map(({ lat, lng }) => [lat, lng]));
}

/**
 * Fits the map to its points when it opens and again when a point joins (a truck's first
 * position), but not when one moves: the reader may have zoomed or panned since.
 */
function FitToPoints({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const count = points.length;
  useEffect(() => {
    map.fitBounds(boundsOf(points), FIT_OPTIONS);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new point refits
  }, [map, count]);
  return null;
}

const NO_ROUTES: readonly MapRoute[] = [];

interface LeafletMapProps {
  /** What the map shows, for screen readers. */
  label: string;
  markers: MapMarker[];
  /** Runs drawn as numbered stops joined by their route (ui/maps/route-layers.tsx). */
  routes?: readonly MapRoute[];
  settings: MapSettings | undefined;
  className?: string;
}

/**
 * The one Leaflet map of the app (docs/decisions/0009-drivers.md, "Positions, ETA and maps"),
 * loaded only by the screens that show one: Leaflet and its CSS stay out of every other chunk.
 * Its height is the caller's (`className`); it must have one.
 */
export function LeafletMap({
  label,
  markers,
  routes = NO_ROUTES,
  settings,
  className = '',
}: LeafletMapProps) {
  const { t, i18n } = useTranslation();
  const points = useMemo<MapPoint[]>(
    () => [
      ...markers,
      ...routes.flatMap((route) => [...(route.start ? [route.start] : []), ...route.stops]),
    ],
    [markers, routes],
  );
  const initialBounds = useMemo(() => boundsOf(points), [points]);
  return (
    // `isolate` keeps Leaflet's own z-indices under the app's menus and dialogs. A map is never
    // mirrored: it stays left to right inside in Arabic, only its popups' words run from the right.
    <div role="region" aria-label={label} dir="ltr" className={`isolate ${className}`}>
      <MapContainer
        bounds={initialBounds}
        boundsOptions={FIT_OPTIONS}
        scrollWheelZoom={false}
        // One finger scrolls the page on a phone; two fingers move and zoom the map.
        dragging={!L.Browser.mobile}
        className="size-full rounded-lg bg-slate-100 ring-1 ring-slate-200"
      >
        {settings && <TileLayer url={settings.tileUrl} attribution={settings.attribution} />}
        <FitToPoints points={points} />
        <MapRoutes routes={routes} dir={i18n.dir()} />
        {markers.map((marker) => (
          <Marker
            key={marker.key}
            position={[marker.lat, marker.lng]}
            icon={iconOf(marker.kind, marker.label)}
            title={t(`maps.markers.${marker.kind}`)}
            alt={t(`maps.markers.${marker.kind}`)}
            keyboard={Boolean(marker.popup)}
            zIndexOffset={marker.kind === 'truck' ? 1000 : 0}
          >
            {marker.popup && (
              <Popup>
                <div dir={i18n.dir()}>{marker.popup}</div>
              </Popup>
            )}
          </Marker>
        ))}
      </MapContainer>
    </div>
  );
}
