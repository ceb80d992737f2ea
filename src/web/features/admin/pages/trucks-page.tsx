import '../admin-strings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { getTruckStatusTone, TRUCK_STATUSES } from '#shared/order-status';
import type { AdminTruck } from '#shared/schemas/fleet-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { formatRelativeTime } from '../../../ui/format-relative-time';
import { StatusBadge } from '../../../ui/status-badge';
import type { ListFilterOption } from '../../../ui/list-screen';
import { AdminListScreen } from '../components/admin-list-screen';
import { DriverActivationAction, DriverNameCell } from '../components/driver-activation';
import type { CardColumn } from '../../../ui/row-cards';

/**
 * The licence and inspection flags: a document expired, or ending within 30 days, so that the
 * admin renews it before dispatch refuses the truck (src/shared/fleet-rules.ts).
 */
function DocumentFlags({ truck }: { truck: AdminTruck }) {
  const { t } = useTranslation();
  const flags: Array<{ text: string; expired: boolean }> = [];
  if (truck.licenseStatus !== 'valid') {
    flags.push({
      expired: truck.licenseStatus === 'expired',
      text:
        truck.licenseStatus === 'expired'
          ? t('admin.trucks.documents.licenseExpired', { date: truck.licenseExpire })
          : t('admin.trucks.documents.licenseExpiring', { date: truck.licenseExpire }),
    });
  }
  if (truck.inspectionStatus !== 'valid') {
    flags.push({
      expired: truck.inspectionStatus === 'expired',
      text:
        truck.inspectionStatus === 'expired'
          ? t('admin.trucks.documents.inspectionExpired', { date: truck.inspectionDue })
          : t('admin.trucks.documents.inspectionExpiring', { date: truck.inspectionDue }),
    });
  }
  if (flags.length === 0) {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-emerald-700">
        <CheckCircle2 aria-hidden="true" className="size-4" />
        {t('admin.trucks.documents.valid')}
      </span>
    );
  }
  return (
    <ul className="flex flex-col gap-1">
      {flags.map((flag) => (
        <li
          key={flag.text}
          className={`inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap ${
            flag.expired ? 'text-red-700' : 'text-orange-700'
          }`}
        >
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          {flag.text}
        </li>
      ))}
    </ul>
  );
}

/** /admin/trucks-active: the fleet, 5 trucks a page (docs/product.md, section 9). */
export function TrucksPage() {
  const { t } = useTranslation();
  const { number, locale } = useFormatters();
  const statusOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'ALL', label: t('admin.lists.allStatuses') },
      ...TRUCK_STATUSES.map((status) => ({
        value: status,
        label: t(`admin.trucks.statuses.${status}`),
        status,
      })),
    ],
    [t],
  );
  const columns: CardColumn<AdminTruck>[] = [
    {
      id: 'truckNumber',
      header: t('admin.trucks.columns.truckId'),
      cell: (truck) => (
        <span className="font-mono font-semibold whitespace-nowrap">{truck.truckNumber}</span>
      ),
    },
    { id: 'type', header: t('admin.trucks.columns.type'), cell: (truck) => truck.truckType },
    {
      id: 'driver',
      header: t('admin.trucks.columns.driverName'),
      cell: (truck) => <DriverNameCell truck={truck} />,
    },
    {
      id: 'status',
      header: t('admin.trucks.columns.status'),
      cell: (truck) => (
        <StatusBadge tone={getTruckStatusTone(truck.status)}>
          {t(`admin.trucks.statusBadges.${truck.status}`)}
        </StatusBadge>
      ),
    },
    {
      id: 'capacity',
      header: t('admin.trucks.columns.capacity'),
      cell: (truck) =>
        truck.capacityM3 === null
          ? number(truck.capacity, 0, 2)
          : `${number(truck.capacity, 0, 2)} · ${number(truck.capacityM3, 0, 2)} m³`,
      align: 'end',
    },
    {
      id: 'updatedAt',
      header: t('admin.trucks.columns.lastUpdate'),
      cell: (truck) => (
        <time dateTime={truck.updatedAt} className="whitespace-nowrap">
          {formatRelativeTime(truck.updatedAt, locale)}
        </time>
      ),
    },
    {
      id: 'documents',
      header: t('admin.trucks.columns.documents'),
      cell: (truck) => <DocumentFlags truck={truck} />,
    },
    {
      id: 'driverAccess',
      header: t('admin.trucks.columns.driverAccess'),
      cell: (truck) => <DriverActivationAction truck={truck} />,
    },
  ];
  return (
    <AdminListScreen
      list="trucks"
      title={t('admin.trucks.title')}
      lead={t('admin.trucks.lead')}
      caption={t('admin.trucks.caption')}
      searchPlaceholder={t('admin.trucks.searchPlaceholder')}
      emptyMessage={t('admin.trucks.empty')}
      loadFailedMessage={t('admin.lists.loadFailed.trucks')}
      columns={columns}
      rowKey={(truck) => truck.id}
      filter={{ label: t('admin.lists.statusLabel'), options: statusOptions }}
    />
  );
}
