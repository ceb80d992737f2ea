import '../admin-strings';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PackageCheck, Undo2 } from 'lucide-react';
import { RETURNS_VIEWS, type ReturnsView } from '#shared/schemas/returns-schemas';
import type { AdminReturnRow } from '#shared/schemas/admin-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { PageHeader } from '../../../ui/page-header';
import type { CardColumn } from '../../../ui/row-cards';
import { AdminListScreen } from '../components/admin-list-screen';
import { OfficeReturnDialog } from '../components/office-return';
import { useAdminOrderColumns } from '../components/order-columns';

type ReturnColumn = CardColumn<AdminReturnRow>;

/** Each view's list of the admin API (api/admin-api.ts) and its words under admin.returns. */
const VIEW_LISTS = {
  'failed-today': { list: 'returnsFailedToday', words: 'failedToday' },
  'awaiting-decision': { list: 'returnsAwaitingDecision', words: 'awaitingDecision' },
  returning: { list: 'returnsReturning', words: 'returning' },
  returned: { list: 'returnsReturned', words: 'returned' },
} as const satisfies Record<ReturnsView, { list: string; words: string }>;

const isReturnsView = (value: string | null): value is ReturnsView =>
  (RETURNS_VIEWS as readonly (string | null)[]).includes(value);

function ReturnAction({
  row,
  action,
  onOpen,
}: {
  row: AdminReturnRow;
  action: 'return' | 'return-delivered';
  onOpen(row: AdminReturnRow, action: 'return' | 'return-delivered'): void;
}) {
  const { t } = useTranslation();
  const Icon = action === 'return' ? Undo2 : PackageCheck;
  return (
    <button
      type="button"
      onClick={() => onOpen(row, action)}
      aria-label={t(`admin.returns.actions.${action}Label`, { trackingNumber: row.trackingNumber })}
      className={`${buttonClassName('secondary')} whitespace-nowrap`}
    >
      <Icon aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t(`admin.returns.actions.${action}`)}
    </button>
  );
}

/** The columns of each view: what the office needs to act on that list. */
function useReturnColumns(
  onOpen: (row: AdminReturnRow, action: 'return' | 'return-delivered') => void,
): Record<ReturnsView, ReturnColumn[]> {
  const { t } = useTranslation();
  const format = useFormatters();
  const orderColumns = useAdminOrderColumns();
  return useMemo(() => {
    const none = t('admin.common.none');
    const dateTime = (iso: string | null) => (iso ? format.dateTime(iso) : none);
    const column = (
      id: string,
      header: string,
      cell: ReturnColumn['cell'],
      extra: Partial<ReturnColumn> = {},
    ): ReturnColumn => ({ id, header, cell, ...extra });
    const reasonOf = (reason: string) =>
      t(`admin.returns.reasons.${reason}`, { defaultValue: reason });
    const attempt = column('attempt', t('admin.returns.columns.attempt'), (row) =>
      row.attempt
        ? t('admin.returns.attemptText', {
            number: row.attempt.attempt,
            reason: reasonOf(row.attempt.reason),
          })
        : none,
    );
    const attemptAt = column('attemptAt', t('admin.returns.columns.attemptAt'), (row) =>
      dateTime(row.attempt?.at ?? null),
    );
    const nextDay = column('nextDay', t('admin.returns.columns.nextDay'), (row) =>
      row.nextAttemptOn ? format.dayMonth(row.nextAttemptOn) : none,
    );
    const failedAttempts = column(
      'failedAttempts',
      t('admin.returns.columns.failedAttempts'),
      (row) => format.number(row.failedAttempts, 0, 0),
      { align: 'end' },
    );
    const waitingSince = column('waitingSince', t('admin.returns.columns.waitingSince'), (row) =>
      dateTime(row.awaitingDecisionSince),
    );
    const returnReason = column(
      'returnReason',
      t('admin.returns.columns.returnReason'),
      (row) => row.returnReason ?? none,
    );
    const returnStarted = column('returnStarted', t('admin.returns.columns.returnStarted'), (row) =>
      dateTime(row.returnStartedAt),
    );
    const returnedAt = column('returnedAt', t('admin.returns.columns.returnedAt'), (row) =>
      dateTime(row.returnedAt),
    );
    const returnTo = column('returnTo', t('admin.returns.columns.returnTo'), (row) =>
      format.place(row.origin),
    );
    const actions = (action: 'return' | 'return-delivered') =>
      column('actions', t('admin.columns.actions'), (row) =>
        row.status === (action === 'return' ? 'IN_TRANSIT' : 'RETURNING') ? (
          <ReturnAction row={row} action={action} onOpen={onOpen} />
        ) : null,
      );
    const { id, company, destination, driver, truck, status }: Record<string, ReturnColumn> =
      orderColumns;
    return {
      'failed-today': [id!, company!, destination!, attempt, attemptAt, nextDay, driver!, status!],
      'awaiting-decision': [
        id!,
        company!,
        destination!,
        failedAttempts,
        waitingSince,
        driver!,
        actions('return'),
      ],
      returning: [
        driver!,
        truck!,
        id!,
        company!,
        returnTo,
        returnReason,
        returnStarted,
        actions('return-delivered'),
      ],
      returned: [id!, company!, returnTo, returnReason, returnedAt, status!],
    };
  }, [t, format, orderColumns, onOpen]);
}

/**
 * /admin/returns (docs/decisions/0023-failed-deliveries-and-returns.md): the day's failed
 * attempts, the parcels whose merchant has not decided for more than 48 hours (the office may
 * send them back), the parcels on their way back by driver (the office records a return whose
 * code is lost) and the parcels returned, one view at a time, as tabs kept in the address.
 */
export function ReturnsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('view');
  const view: ReturnsView = isReturnsView(asked) ? asked : 'failed-today';
  const [acting, setActing] = useState<{
    row: AdminReturnRow;
    action: 'return' | 'return-delivered';
  } | null>(null);
  const columns = useReturnColumns(useMemo(() => (row, action) => setActing({ row, action }), []));
  const { list, words } = VIEW_LISTS[view];
  const choose = (next: ReturnsView) => setSearchParams({ view: next }, { replace: true });

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    // Right to left, the arrow keys follow the tabs as they are drawn.
    const direction = document.dir === 'rtl' ? -step : step;
    const index = RETURNS_VIEWS.indexOf(view);
    const next = RETURNS_VIEWS[(index + direction + RETURNS_VIEWS.length) % RETURNS_VIEWS.length]!;
    choose(next);
    document.getElementById(`returns-tab-${next}`)?.focus();
  };

  return (
    <>
      <PageHeader title={t('admin.returns.title')} lead={t('admin.returns.lead')} />
      <div
        role="tablist"
        aria-label={t('admin.returns.tabsLabel')}
        className="mb-4 flex flex-wrap gap-2 border-b border-slate-200 pb-2"
      >
        {RETURNS_VIEWS.map((tab) => (
          <button
            key={tab}
            id={`returns-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={tab === view}
            aria-controls="returns-panel"
            tabIndex={tab === view ? 0 : -1}
            onClick={() => choose(tab)}
            onKeyDown={onTabKey}
            className={buttonClassName(tab === view ? 'primary' : 'ghost')}
          >
            {t(`admin.returns.tabs.${VIEW_LISTS[tab].words}`)}
          </button>
        ))}
      </div>
      <div id="returns-panel" role="tabpanel" aria-labelledby={`returns-tab-${view}`}>
        <AdminListScreen
          key={view}
          variant="section"
          list={list}
          title={t(`admin.returns.${words}.heading`)}
          lead={t(`admin.returns.${words}.lead`)}
          caption={t(`admin.returns.${words}.heading`)}
          emptyMessage={t(`admin.returns.${words}.empty`)}
          loadFailedMessage={t('admin.returns.loadFailed')}
          columns={columns[view]}
          rowKey={(row) => (row.attempt ? `${row.id}-${row.attempt.attempt}` : row.id)}
        />
      </div>
      {acting && (
        <OfficeReturnDialog
          orderId={acting.row.id}
          action={acting.action}
          onClose={() => setActing(null)}
        />
      )}
    </>
  );
}
