import { useId, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../i18n/use-formatters';
import { CsvDownloadButton, type CsvDownloadLabels } from './csv-download-button';
import { DataTable, type DataTableSelection } from './data-table';
import { ListToolbar } from './list-toolbar';
import { anchorForStep, type PageAnchor } from './page-anchor';
import { PageHeader } from './page-header';
import { RowCards, type CardColumn } from './row-cards';
import { Pager, writeListTotal } from './pager';
import { EmptyState, ErrorState } from './query-states';
import { LoadingState } from './spinner';
import { useListControls } from './use-list-controls';

/** The search and status of a list, as its page call and its CSV export take them. */
export interface ListFilter {
  q: string;
  /** Comma-separated statuses as the server takes them; none for every status. */
  status?: string;
}

export interface ListParams extends ListFilter, PageAnchor {
  page: number;
}

/** A page of rows and the total the server counted (docs/architecture.md, "Lists at scale"). */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  /** More rows match than the server counted: `total` is its cap. */
  capped: boolean;
}

/** How an area asks for a page: its query key and call, as TanStack Query options. */
export interface ListQueryOptions<Row> {
  queryKey: QueryKey;
  queryFn(context: { signal: AbortSignal }): Promise<ListPage<Row>>;
  staleTime?: number;
}

export interface ListFilterOption {
  value: string;
  label: string;
  /** The statuses sent to the server (comma-separated); none for every status. */
  status?: string;
  /** A state no row is ever in (admin Tracking's Loading): the list is empty without a call. */
  matchesNothing?: boolean;
}

/** The words an area gives every list of its own. */
export interface ListScreenStrings {
  searchLabel: string;
  /** "7 orders": `count` chooses the plural form, `total` is the figure as written. */
  count(count: number, total: string): string;
  csv: CsvDownloadLabels;
}

interface ListScreenProps<Row> {
  listQuery(params: ListParams): ListQueryOptions<Row>;
  pageSize: number;
  strings: ListScreenStrings;
  title: string;
  lead?: string;
  /**
   * 'section': one of several lists of a page, under an h2 (the cash page); 'page' (the
   * default): the screen's own list, under its h1.
   */
  variant?: 'page' | 'section';
  /** Names the table (and, by the area's choice, the cards) for screen readers. */
  caption: string;
  rowKey(row: Row): string;
  /**
   * The order lists: the id the next or the previous page is read from (page-anchor.ts). Other
   * lists are read by page number alone.
   */
  pageAnchor?(row: Row): string;
  /** The table on wide screens, and the cards on phones unless `cards` draws its own. */
  columns?: readonly CardColumn<Row>[];
  /**
   * The rows as cards of the screen's own: on phones (`className` hides them on wide screens), or
   * everywhere. Left out, the cards are the table's columns, named by the caption.
   */
  cards?(rows: readonly Row[], className: string): ReactNode;
  /** Left out for a list the server cannot search. */
  search?: { placeholder: string; label?: string };
  filter?: { label: string; options: readonly ListFilterOption[] };
  /** The screen's own filters, written as one text: when it changes, paging starts at page 1. */
  otherFilters?: string;
  emptyMessage: string;
  emptyAction?: ReactNode;
  describeError(error: unknown): string;
  /** Saves what the list shows, every page of it, as CSV; left out for a list without export. */
  downloadCsv?(filter: ListFilter): Promise<void>;
  /** Where a failed download is told (the back office's toasts); else under the button. */
  onCsvFailed?(message: string): void;
  /** Shown between the title and the toolbar (the Revenue total, the selection's actions). */
  above?: ReactNode;
  /** Rows ticked for an action on several (the table's checkboxes). */
  selection?: DataTableSelection<Row>;
  /** Dialogs the rows open. */
  children?: ReactNode;
}

/**
 * Every list of the customer and admin areas: search as you type (server-side, debounced), an
 * optional status filter, a CSV of what is on screen, a table on wide screens and cards on
 * phones, the pager with the total ("10,000+" once the server stops counting), and the
 * loading, empty and error states. A new search or filter starts at page 1.
 */
export function ListScreen<Row>({
  listQuery,
  pageSize,
  strings,
  title,
  lead,
  variant = 'page',
  caption,
  rowKey,
  pageAnchor,
  columns,
  cards,
  search,
  filter,
  otherFilters,
  emptyMessage,
  emptyAction,
  describeError,
  downloadCsv,
  onCsvFailed,
  above,
  selection,
  children,
}: ListScreenProps<Row>) {
  const { t } = useTranslation();
  const { locale } = useFormatters();
  const headingId = useId();
  const controls = useListControls(filter?.options[0]?.value ?? '', otherFilters);
  const option = filter?.options.find((candidate) => candidate.value === controls.filter);
  const matchesNothing = option?.matchesNothing ?? false;
  const listFilter: ListFilter = { q: controls.q, status: option?.status };
  const query = useQuery({
    ...listQuery({ ...listFilter, page: controls.page, ...controls.anchor }),
    enabled: !matchesNothing,
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

  let body: ReactNode;
  let counted: { total: number; capped: boolean } | undefined;
  if (matchesNothing) {
    counted = { total: 0, capped: false };
    body = <EmptyState message={emptyMessage} action={emptyAction} />;
  } else if (query.isPending) {
    body = <LoadingState />;
  } else if (query.isError) {
    body = <ErrorState message={describeError(query.error)} onRetry={() => void query.refetch()} />;
  } else if (query.data.total === 0) {
    counted = { total: 0, capped: false };
    body = <EmptyState message={emptyMessage} action={emptyAction} />;
  } else {
    const { rows, total, capped } = query.data;
    counted = { total, capped };
    // Rows kept on screen while another page loads are not the current page's to step from.
    const stepAnchor = (next: number) =>
      pageAnchor && !query.isPlaceholderData
        ? anchorForStep(controls.page, next, rows, pageAnchor)
        : undefined;
    body = (
      <div
        aria-busy={query.isPlaceholderData || undefined}
        className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        {columns && (
          <DataTable
            caption={caption}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            className="hidden md:block"
            selection={selection}
          />
        )}
        {cards ? (
          cards(rows, columns ? 'md:hidden' : '')
        ) : (
          <RowCards
            label={caption}
            columns={columns ?? []}
            rows={rows}
            rowKey={rowKey}
            className="md:hidden"
          />
        )}
        <Pager
          page={controls.page}
          pageSize={pageSize}
          total={total}
          capped={capped}
          onPageChange={(next) => controls.setPage(next, stepAnchor(next))}
        />
      </div>
    );
  }

  const csvButton = downloadCsv && (
    <CsvDownloadButton
      download={() => downloadCsv(listFilter)}
      labels={strings.csv}
      onFailed={onCsvFailed}
      disabled={matchesNothing}
    />
  );
  const toolbar = (
    <ListToolbar
      search={
        search && {
          label: search.label ?? strings.searchLabel,
          placeholder: search.placeholder,
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
      countText={
        counted &&
        strings.count(counted.total, writeListTotal(counted.total, counted.capped, locale, t))
      }
    />
  );

  if (variant === 'section') {
    return (
      <section aria-labelledby={headingId} className="mb-10">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-xl font-semibold text-slate-900">
              {title}
            </h2>
            {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
          </div>
          {csvButton}
        </div>
        {above}
        {toolbar}
        {body}
        {children}
      </section>
    );
  }
  return (
    <>
      <PageHeader title={title} lead={lead} actions={csvButton} />
      {above}
      {toolbar}
      {body}
      {children}
    </>
  );
}
