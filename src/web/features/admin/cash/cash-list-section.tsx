import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/data-table';
import { ListToolbar } from '../../../ui/list-toolbar';
import { Pager } from '../../../ui/pager';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { useListControls } from '../../../ui/use-list-controls';
import { ADMIN_LISTS, useAdminList, type AdminListRows } from '../api/admin-api';
import { CsvDownloadButton } from '../components/csv-download-button';
import { RowCards, type AdminColumn } from '../components/row-cards';
import { useAdminListErrorText } from '../use-admin-error-text';
import type { CashListName } from './cash-api';

interface CashListSectionProps<List extends CashListName> {
  list: List;
  heading: string;
  lead?: string;
  /** Names the table and the phone cards for screen readers. */
  caption: string;
  /** Each list's own, as the page has three search boxes. */
  searchLabel: string;
  searchPlaceholder: string;
  emptyMessage: string;
  loadFailedMessage: string;
  columns: readonly AdminColumn<AdminListRows[List]>[];
  rowKey(row: AdminListRows[List]): string;
}

/**
 * One list of /admin/cash as a section of the page: the admin lists' search (debounced,
 * server-side), CSV of what is searched, pager, table on wide screens and cards on phones, and
 * the loading, empty and error states (as AdminListScreen, under an h2 instead of the page's h1).
 */
export function CashListSection<List extends CashListName>({
  list,
  heading,
  lead,
  caption,
  searchLabel,
  searchPlaceholder,
  emptyMessage,
  loadFailedMessage,
  columns,
  rowKey,
}: CashListSectionProps<List>) {
  const { t } = useTranslation();
  const headingId = useId();
  const describeError = useAdminListErrorText();
  const controls = useListControls('');
  const query = useAdminList(list, { q: controls.q, page: controls.page });

  let body: ReactNode;
  let total: number | undefined;
  if (query.isPending) {
    body = <LoadingState />;
  } else if (query.isError) {
    body = (
      <ErrorState
        message={describeError(query.error, loadFailedMessage)}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.total === 0) {
    total = 0;
    body = <EmptyState message={emptyMessage} />;
  } else {
    total = query.data.total;
    body = (
      <div
        aria-busy={query.isPlaceholderData || undefined}
        className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        <DataTable
          caption={caption}
          columns={columns}
          rows={query.data.rows}
          rowKey={rowKey}
          className="hidden md:block"
        />
        <RowCards
          label={caption}
          columns={columns}
          rows={query.data.rows}
          rowKey={rowKey}
          className="md:hidden"
        />
        <Pager
          page={controls.page}
          pageSize={ADMIN_LISTS[list].pageSize}
          total={query.data.total}
          onPageChange={controls.setPage}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="mb-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            {heading}
          </h2>
          {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
        </div>
        <CsvDownloadButton list={list} filter={{ q: controls.q }} />
      </div>
      <ListToolbar
        search={{
          label: searchLabel,
          placeholder: searchPlaceholder,
          value: controls.search,
          onChange: controls.setSearch,
        }}
        countText={total === undefined ? undefined : t('admin.lists.count', { count: total })}
      />
      {body}
    </section>
  );
}
