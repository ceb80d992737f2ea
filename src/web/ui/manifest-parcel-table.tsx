import '../i18n/manifests-strings';
import { useTranslation } from 'react-i18next';
import { cityLabel } from '#shared/cities';
import type { ManifestParcelCandidate } from '#shared/schemas/manifest-schemas';
import { useFormatters } from '../i18n/use-formatters';
import { DataTable, type DataTableColumn } from './data-table';

interface ManifestParcelTableProps {
  parcels: readonly ManifestParcelCandidate[];
  selected: ReadonlySet<string>;
  onChange(selected: Set<string>): void;
  /** The merchant's screen shows who was given each parcel; the office's lists one driver's. */
  showDriver?: boolean;
}

/**
 * The parcels a hand-over sheet can list, each with a checkbox, and what the ticked ones add up
 * to: the office's new sheet and the merchant's collection sheet both pick their lines here.
 */
export function ManifestParcelTable({
  parcels,
  selected,
  onChange,
  showDriver = false,
}: ManifestParcelTableProps) {
  const { t } = useTranslation();
  const { locale, mad } = useFormatters();
  const columns: DataTableColumn<ManifestParcelCandidate>[] = [
    {
      id: 'trackingNumber',
      header: t('manifests.parcels.trackingNumber'),
      cell: (parcel) => (
        <span dir="ltr" className="font-mono whitespace-nowrap tabular-nums">
          {parcel.trackingNumber}
        </span>
      ),
    },
    {
      id: 'receiver',
      header: t('manifests.parcels.receiver'),
      cell: (parcel) => <span dir="auto">{parcel.receiverName ?? '—'}</span>,
    },
    {
      id: 'city',
      header: t('manifests.parcels.city'),
      cell: (parcel) => cityLabel(parcel.receiverCity, locale),
    },
    ...(showDriver
      ? [
          {
            id: 'driver',
            header: t('manifests.parcels.driver'),
            cell: (parcel: ManifestParcelCandidate) => (
              <span dir="auto">{parcel.driver?.name ?? t('manifests.dashboard.noDriverYet')}</span>
            ),
          },
        ]
      : []),
    {
      id: 'toCollect',
      header: t('manifests.parcels.toCollect'),
      align: 'end',
      cell: (parcel) => (
        <span className="whitespace-nowrap tabular-nums">{mad(parcel.amountToCollect)}</span>
      ),
    },
  ];
  const ticked = parcels.filter((parcel) => selected.has(parcel.id));
  // Summed in centimes: adding MAD amounts with decimals drifts.
  const totalCentimes = ticked.reduce(
    (sum, parcel) => sum + Math.round(parcel.amountToCollect * 100),
    0,
  );
  return (
    <div className="flex flex-col gap-3">
      <DataTable
        caption={t('manifests.parcels.caption')}
        columns={columns}
        rows={parcels}
        rowKey={(parcel) => parcel.id}
        selection={{
          selected,
          onChange,
          rowLabel: (parcel) =>
            t('manifests.parcels.select', { trackingNumber: parcel.trackingNumber }),
          allLabel: t('manifests.parcels.selectAll'),
        }}
      />
      <p aria-live="polite" className="text-sm font-medium text-slate-700 tabular-nums">
        {t('manifests.parcels.selected', {
          count: ticked.length,
          total: mad(totalCentimes / 100),
        })}
      </p>
    </div>
  );
}
