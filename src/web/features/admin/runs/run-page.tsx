import '../admin-strings';
import '../../../i18n/runs-strings';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PackagePlus } from 'lucide-react';
import type { RunDetail, RunStop } from '#shared/schemas/run-schemas';
import { ApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { DataTable } from '../../../ui/data-table';
import { DetailList } from '../../../ui/detail-list';
import { BackLink } from '../../../ui/order-detail-sections';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { RowCards, type CardColumn } from '../../../ui/row-cards';
import { LoadingState } from '../../../ui/spinner';
import { OrderIdLink } from '../components/order-id-link';
import { useAdminListErrorText } from '../use-admin-error-text';
import { AddRunOrdersDialog } from './add-run-orders-dialog';
import { RunStatusBadge } from './run-status-badge';
import { useRun } from './runs-api';

/**
 * The stops' table: in order, each with its order, city, the load after it, its outcome and when:
 * the time it was done, or for one still to do the time the truck should reach it.
 */
function StopsCard({ run }: { run: RunDetail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const m3 = (value: number) => format.number(value, 0, 3);
  const columns: CardColumn<RunStop>[] = [
    {
      id: 'position',
      header: t('runs.run.columns.position'),
      align: 'end',
      cell: (stop) => format.number(stop.position),
    },
    {
      id: 'kind',
      header: t('runs.run.columns.kind'),
      cell: (stop) => t(`runs.run.kinds.${stop.kind}`),
    },
    {
      id: 'order',
      header: t('runs.run.columns.order'),
      cell: (stop) => <OrderIdLink id={stop.orderId} trackingNumber={stop.trackingNumber} />,
    },
    {
      id: 'city',
      header: t('runs.run.columns.city'),
      cell: (stop) => format.city(stop.city),
    },
    {
      id: 'leg',
      header: t('runs.run.columns.leg'),
      align: 'end',
      cell: (stop) => format.km(stop.legKm),
    },
    {
      id: 'load',
      header: t('runs.run.columns.load'),
      align: 'end',
      cell: (stop) => (
        <span className="flex flex-col items-end">
          <span>
            {t('runs.run.loadKg', {
              load: format.kg(stop.loadAfter.kg),
              capacity: format.kg(run.truck.capacityKg),
            })}
          </span>
          <span className="text-xs text-slate-500">
            {run.truck.capacityM3 === null
              ? t('runs.run.volume', { m3: m3(stop.loadAfter.m3) })
              : t('runs.run.loadM3', {
                  load: m3(stop.loadAfter.m3),
                  capacity: m3(run.truck.capacityM3),
                })}
          </span>
        </span>
      ),
    },
    {
      id: 'outcome',
      header: t('runs.run.columns.outcome'),
      cell: (stop) => t(`runs.run.outcomes.${stop.outcome ?? 'open'}`),
    },
    {
      id: 'time',
      header: t('runs.run.columns.time'),
      cell: (stop) =>
        stop.doneAt
          ? format.dateTime(stop.doneAt)
          : stop.etaAt
            ? t('runs.run.expectedAt', { time: format.dateTime(stop.etaAt) })
            : '—',
    },
  ];
  const caption = t('runs.run.stopsCaption');
  const rowKey = (stop: RunStop) => `${stop.orderId}-${stop.kind}`;
  return (
    <Card title={t('runs.run.stops')}>
      {run.stops.length === 0 ? (
        <EmptyState message={t('runs.run.noStops')} />
      ) : (
        <>
          <DataTable
            caption={caption}
            columns={columns}
            rows={run.stops}
            rowKey={rowKey}
            className="hidden md:block"
          />
          <RowCards
            label={caption}
            columns={columns}
            rows={run.stops}
            rowKey={rowKey}
            className="md:hidden"
          />
        </>
      )}
    </Card>
  );
}

function RunSummaryCard({ run }: { run: RunDetail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const capacity =
    run.truck.capacityM3 === null
      ? t('runs.run.capacityKg', { kg: format.kg(run.truck.capacityKg) })
      : t('runs.run.capacityBoth', {
          kg: format.kg(run.truck.capacityKg),
          m3: format.number(run.truck.capacityM3, 0, 3),
        });
  return (
    <Card title={t('runs.run.summary')}>
      <DetailList
        columns={4}
        details={[
          { label: t('runs.run.day'), value: format.date(`${run.runDate}T12:00:00`) },
          { label: t('runs.run.truck'), value: run.truck.truckNumber },
          { label: t('runs.run.driver'), value: run.driver.fullName },
          { label: t('runs.run.status'), value: <RunStatusBadge status={run.status} /> },
          {
            label: t('runs.run.progress'),
            value: (
              <span className="flex flex-col gap-1">
                {t('runs.list.progress', {
                  done: format.number(run.progress.done),
                  total: format.number(run.progress.total),
                })}
                <progress
                  max={Math.max(run.progress.total, 1)}
                  value={run.progress.done}
                  aria-label={t('runs.run.progress')}
                  className="h-2 w-full accent-brand-700"
                />
              </span>
            ),
          },
          { label: t('runs.run.distance'), value: format.km(run.distanceKm) },
          { label: t('runs.run.duration'), value: format.duration(run.durationMinutes) },
          { label: t('runs.run.capacity'), value: capacity },
        ]}
      />
    </Card>
  );
}

/**
 * /admin/runs/:id: one run, its truck, driver, status, progress, distance and time, and its
 * stops in order with the load after each. A run not yet started takes more pending orders.
 * Live: the admin frame refreshes it on each order event (admin-layout.tsx).
 */
export function RunPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useRun(id);
  const describeError = useAdminListErrorText();
  const [adding, setAdding] = useState(false);
  const backLink = <BackLink to="/admin/runs">{t('runs.run.back')}</BackLink>;
  if (query.isPending) {
    return (
      <>
        <PageHeader before={backLink} title={t('runs.list.title')} />
        <LoadingState />
      </>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHeader
          before={backLink}
          title={missing ? t('runs.run.notFoundTitle') : t('runs.list.title')}
        />
        {missing ? (
          <EmptyState message={t('runs.run.notFoundBody')} />
        ) : (
          <ErrorState
            message={describeError(query.error, t('runs.run.loadFailed'))}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );
  }
  const run = query.data;
  return (
    <>
      <PageHeader
        before={backLink}
        title={t('runs.run.title', { truckNumber: run.truck.truckNumber })}
        actions={
          run.status === 'planned' && (
            <button
              type="button"
              onClick={() => setAdding(true)}
              className={buttonClassName('primary')}
            >
              <PackagePlus aria-hidden="true" className="size-4" />
              {t('runs.run.addOrders')}
            </button>
          )
        }
      />
      <div className="flex flex-col gap-4">
        <RunSummaryCard run={run} />
        <StopsCard run={run} />
      </div>
      {adding && <AddRunOrdersDialog run={run} onClose={() => setAdding(false)} />}
    </>
  );
}
