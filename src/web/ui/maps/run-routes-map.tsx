import '../../i18n/maps-strings';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyLeafletMap } from './lazy-leaflet-map';
import type { MapMarker } from './leaflet-map';
import { DONE_COLOUR, type MapRoute } from './map-route';
import { useMapSettings } from './map-settings';

interface RunRoutesMapProps {
  /** What the map shows, for screen readers. */
  label: string;
  routes: readonly MapRoute[];
  /** The trucks, where the map has them (the live map). */
  markers?: MapMarker[];
  /** Names each run's colour in the legend: its truck's plate. */
  truckOf: (route: MapRoute) => string;
  /** live: the legend tells done, next and to come apart. */
  progress?: boolean;
  className?: string;
}

const NO_MARKERS: MapMarker[] = [];

interface LegendMark {
  label: string;
  swatch: { className: string; style?: CSSProperties };
}

const STOP_MARKS: readonly LegendMark[] = [
  {
    label: 'maps.routes.pickup',
    swatch: { className: 'size-4 rounded-full border-[3px] border-slate-700 bg-white' },
  },
  { label: 'maps.routes.delivery', swatch: { className: 'size-4 rounded-full bg-slate-700' } },
];

const PROGRESS_MARKS: readonly LegendMark[] = [
  {
    label: 'maps.routes.done',
    swatch: { className: 'size-4 rounded-full', style: { background: DONE_COLOUR } },
  },
  {
    label: 'maps.routes.next',
    swatch: { className: 'size-4 rounded-full bg-slate-700 ring-4 ring-slate-700/30' },
  },
  { label: 'maps.routes.ahead', swatch: { className: 'size-3.5 rounded-full bg-slate-700' } },
];

/** What each mark on the map means: the stops' kinds, and on a live map how far the run is. */
function legendMarks(progress: boolean): readonly LegendMark[] {
  return progress ? [...STOP_MARKS, ...PROGRESS_MARKS] : STOP_MARKS;
}

/**
 * Runs on a map, one colour per truck, their stops numbered in order and joined by the route
 * (docs/decisions/0024-runs-and-planning.md, "The planning screen"): the planning screen's proposal and the live map's
 * runs draw with this one component, and its legend says what each mark means.
 */
export function RunRoutesMap({
  label,
  routes,
  markers = NO_MARKERS,
  truckOf,
  progress = false,
  className = 'h-[60vh] min-h-72 w-full',
}: RunRoutesMapProps) {
  const { t } = useTranslation();
  const settings = useMapSettings();
  return (
    <div>
      <LazyLeafletMap
        label={label}
        markers={markers}
        routes={routes}
        settings={settings}
        className={className}
      />
      <ul
        aria-label={t('maps.routes.legend')}
        className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600"
      >
        {routes.map((route) => (
          <li key={route.key} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="h-1 w-5 rounded-full"
              style={{ background: route.colour }}
            />
            <span className="font-mono">{truckOf(route)}</span>
          </li>
        ))}
        {legendMarks(progress).map(({ label, swatch }) => (
          <li key={label} className="flex items-center gap-1.5">
            <span aria-hidden="true" {...swatch} />
            {t(label)}
          </li>
        ))}
      </ul>
    </div>
  );
}
