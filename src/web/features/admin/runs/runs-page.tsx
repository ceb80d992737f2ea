import '../admin-strings';
import '../../../i18n/runs-strings';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RUN_STATUSES } from '#shared/runs';
import type { RunSummary } from '#shared/schemas/run-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { DateField } from '../../../ui/date-field';
import { ListScreen, type ListFilterOption } from '../../../ui/list-screen';
import type { CardColumn } from '../../../ui/row-cards';
import { notifyError } from '../../../ui/toasts';
import { ADMIN_PAGE_SIZE } from '../api/admin-api';
import { useAdminListStrings } from '../components/admin-list-screen';
import { useAdminListErrorText } from '../use-admin-error-text';
import { RunStatusBadge } from './run-status-badge';
import { downloadRunsCsv, runListQuery } from './runs-api';

/**
 * /admin/runs: every truck's run, newest day first, filtered by status and day, with its progress
 * and distance; each opens its page. The pager and the CSV are every admin list's.
 */
export function RunsPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const strings = useAdminListStrings();
  const describeError = useAdminListErrorText();
  const [date, setDate] = useState('');
  const statusOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'all', label: t('runs.list.allStatuses') },
      ...RUN_STATUSES.map((status) => ({
        value: status,
        label: t(`runs.statuses.${status}`),
        status,
      })),
    ],
    [t],
  );
  const columns: CardColumn<RunSummary>[] = [
    {
      id: 'date',
      header: t('runs.list.columns.date'),
      // Noon of the day, so that no time zone moves it to the day before.
      cell: (run) => format.date(`${run.runDate}T12:00:00`),
    },
    {
      id: 'truck',
      header: t('runs.list.columns.truck'),
      cell: (run) => (
        <Link
          to={`/admin/runs/${run.id}`}
          aria-label={t('runs.list.open', { truckNumber: run.truck.truckNumber })}
          className="inline-flex min-h-10 items-center font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          {run.truck.truckNumber}
        </Link>
      ),
    },
    { id: 'driver', header: t('runs.list.columns.driver'), cell: (run) => run.driver.fullName },
    {
      id: 'status',
      header: t('runs.list.columns.status'),
      cell: (run) => <RunStatusBadge status={run.status} />,
    },
    {
      id: 'orders',
      header: t('runs.list.columns.orders'),
      align: 'end',
      cell: (run) => format.number(run.orderCount),
    },
    {
      id: 'progress',
      header: t('runs.list.columns.progress'),
      cell: (run) =>
        t('runs.list.progress', {
          done: format.number(run.progress.done),
          total: format.number(run.progress.total),
        }),
    },
    {
      id: 'distance',
      header: t('runs.list.columns.distance'),
      align: 'end',
      cell: (run) => format.km(run.distanceKm),
    },
  ];
  const caption = t('runs.list.caption');
  return (
    <ListScreen
      title={t('runs.list.title')}
      lead={t('runs.list.lead')}
      caption={caption}
      listQuery={(params) => runListQuery(params, date)}
      pageSize={ADMIN_PAGE_SIZE}
      strings={strings}
      rowKey={(run) => run.id}
      columns={columns}
      filter={{ label: t('runs.list.statusFilter'), options: statusOptions }}
      otherFilters={date}
      above={
        <div className="mb-4 max-w-xs">
          <DateField label={t('runs.list.date')} value={date} onChange={setDate} />
        </div>
      }
      emptyMessage={t('runs.list.empty')}
      describeError={(error) => describeError(error, t('runs.list.loadFailed'))}
      downloadCsv={(filter) => downloadRunsCsv(filter, date)}
      onCsvFailed={notifyError}
    />
  );
}
