import '../../i18n/maps-strings';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../spinner';

const LeafletMap = lazy(async () => ({ default: (await import('./leaflet-map')).LeafletMap }));

type LazyLeafletMapProps = ComponentProps<typeof LeafletMap> & { className: string };

/**
 * The map, downloaded when a screen first shows one (docs/decisions/0006-what-the-landing-page-loads.md):
 * until then a placeholder of the same height holds its place, so nothing jumps.
 */
export function LazyLeafletMap(props: LazyLeafletMapProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div
          role="status"
          className={`flex items-center justify-center gap-3 rounded-lg bg-slate-100 ring-1 ring-slate-200 ${props.className}`}
        >
          <Spinner className="size-6" />
          <span className="text-sm font-medium text-slate-600">{t('maps.loading')}</span>
        </div>
      }
    >
      <LeafletMap {...props} />
    </Suspense>
  );
}
