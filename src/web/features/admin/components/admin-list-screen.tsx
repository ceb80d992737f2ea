import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/data-table';
import { Pager } from '../../../ui/pager';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { ListToolbar } from '../../../ui/list-toolbar';
import { LoadingState } from '../../../ui/spinner';
import { useListControls } from '../../../ui/use-list-controls';
import {
  ADMIN_LISTS,
  useAdminList,
  type AdminListName,
  type AdminListRows,
} from '../api/admin-api';
import { useAdminListErrorText } from '../use-admin-error-text';
import { PageHeader } from '../../../ui/page-header';
import { CsvDownloadButton } from './csv-download-button';
import { RowCards, type AdminColumn } from './row-cards';

export interface ListFilterOption {
  value: string;
  label: string;
  /** The statuses sent to the server (comma-separated); none for every status. */
  status?: string;
  /** A state no order is ever in (Tracking's Loading): the list is empty without a call. */
  matchesNothing?: boolean;
}

interface AdminListScreenProps<List extends AdminListName> {
  list: List;
  title: string;
  lead?: string;
  /** Names the table and the phone cards for screen readers. */
  caption: string;
  /** Left out for a list the server cannot search. */
  searchPlaceholder?: string;
  emptyMessage: string;
  /** The list's default error sentence (docs/product.md, section 8). */
  loadFailedMessage: string;
  columns: readonly AdminColumn<AdminListRows[List]>[];
  rowKey(row: AdminListRows[List]): string;
  filter?: { label: string; options: readonly ListFilterOption[] };
  /** Shown between the title and the toolbar (the Revenue total). */
  above?: ReactNode;
  /** Dialogs the rows open. */
  children?: ReactNode;
}

/**
 * Every admin list: search as you type (server-side, debounced), an optional status filter,
 * a CSV of what is on screen, 6 rows a page (trucks 5), a table on wide screens and cards on
 * phones, and the loading, empty and error states. A new search or filter starts at page 1.
 */
export function AdminListScreen<List extends AdminListName>({
  list,
  title,
  lead,
  caption,
  searchPlaceholder,
  emptyMessage,
  loadFailedMessage,
  columns,
  rowKey,
  filter,
  above,
  children,
}: AdminListScreenProps<List>) {
  const { t } = useTranslation();
  const describeError = useAdminListErrorText();
  const controls = useListControls(filter?.options[0]?.value ?? '');
  const option = filter?.options.find((candidate) => candidate.value === controls.filter);
  const matchesNothing = option?.matchesNothing ?? false;
  const listFilter = { q: controls.q, status: option?.status };
  const query = useAdminList(
    list,
    { ...listFilter, page: controls.page },
    { enabled: !matchesNothing },
  );

  let body: ReactNode;
  let total: number | undefined;
  if (matchesNothing) {
    total = 0;
    body = <EmptyState message={emptyMessage} />;
  } else if (query.isPending) {
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
    <>
      <PageHeader
        title={title}
        lead={lead}
        actions={<CsvDownloadButton list={list} filter={listFilter} disabled={matchesNothing} />}
      />
      {above}
      <ListToolbar
        search={
          searchPlaceholder === undefined
            ? undefined
            : {
                label: t('admin.lists.searchLabel'),
                placeholder: searchPlaceholder,
                value: controls.search,
                onChange: controls.setSearch,
              }
        }
        filter={
          filter && {
            label: filter.label,
            value: controls.filter,
            options: filter.options,
            onChange: controls.setFilter,
          }
        }
        countText={total === undefined ? undefined : t('admin.lists.count', { count: total })}
      />
      {body}
      {children}
    </>
  );
}
