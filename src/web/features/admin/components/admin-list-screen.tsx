import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ListScreen,
  type ListFilterOption,
  type ListParams,
  type ListScreenStrings,
} from '../../../ui/list-screen';
import {
  ADMIN_LISTS,
  adminListQuery,
  ANCHORED_LISTS,
  downloadListCsv,
  type AdminListName,
  type AdminListRows,
} from '../api/admin-api';
import { useAdminListErrorText } from '../use-admin-error-text';
import { notifyError } from '../../../ui/toasts';
import type { CardColumn } from '../../../ui/row-cards';

interface AdminListScreenProps<List extends AdminListName> {
  list: List;
  title: string;
  lead?: string;
  /** 'section' for one of several lists of a page (the cash page), under an h2. */
  variant?: 'page' | 'section';
  /** Names the table and the phone cards for screen readers. */
  caption: string;
  /** Left out for a list the server cannot search. */
  searchPlaceholder?: string;
  /** A page with several lists names each search box after its list. */
  searchLabel?: string;
  emptyMessage: string;
  /** The list's default error sentence (docs/product.md, section 8). */
  loadFailedMessage: string;
  columns: readonly CardColumn<AdminListRows[List]>[];
  rowKey(row: AdminListRows[List]): string;
  filter?: { label: string; options: readonly ListFilterOption[] };
  /** Shown between the title and the toolbar (the Revenue total). */
  above?: ReactNode;
  /** Dialogs the rows open. */
  children?: ReactNode;
}

/** The back office's words for every list. */
export function useAdminListStrings(): ListScreenStrings {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      searchLabel: t('admin.lists.searchLabel'),
      count: (count, total) => t('admin.lists.count', { count, total }),
      csv: {
        idle: t('admin.lists.downloadCsv'),
        busy: t('admin.lists.downloadingCsv'),
        failed: t('admin.lists.downloadFailed'),
      },
    }),
    [t],
  );
}

/**
 * Every admin list (ui/list-screen.tsx): 6 rows a page (trucks 5), cards built from the table's
 * columns on phones, the CSV export with its failures told as toasts.
 */
export function AdminListScreen<List extends AdminListName>({
  list,
  searchPlaceholder,
  searchLabel,
  loadFailedMessage,
  columns,
  ...shown
}: AdminListScreenProps<List>) {
  const describeError = useAdminListErrorText();
  const strings = useAdminListStrings();
  return (
    <ListScreen
      {...shown}
      listQuery={(params: ListParams) => adminListQuery(list, params)}
      pageSize={ADMIN_LISTS[list].pageSize}
      pageAnchor={ANCHORED_LISTS.has(list) ? shown.rowKey : undefined}
      strings={strings}
      columns={columns}
      search={
        searchPlaceholder === undefined
          ? undefined
          : { placeholder: searchPlaceholder, label: searchLabel }
      }
      describeError={(error) => describeError(error, loadFailedMessage)}
      downloadCsv={(filter) => downloadListCsv(list, filter)}
      onCsvFailed={notifyError}
    />
  );
}
