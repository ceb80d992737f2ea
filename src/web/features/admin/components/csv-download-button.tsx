import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { downloadListCsv, type AdminListFilter, type AdminListName } from '../api/admin-api';
import { notifyError } from './admin-toasts';

interface CsvDownloadButtonProps {
  list: AdminListName;
  /** The search and status on screen: the file holds what the list shows, every page of it. */
  filter: AdminListFilter;
  disabled?: boolean;
}

/** Downloads the list's `export.csv` through the API client, so the token stays in a header. */
export function CsvDownloadButton({ list, filter, disabled = false }: CsvDownloadButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadListCsv(list, filter);
        } catch {
          notifyError(t('admin.lists.downloadFailed'));
        } finally {
          setBusy(false);
        }
      }}
      className={buttonClassName('secondary')}
    >
      <Download aria-hidden="true" className="size-4" />
      {busy ? t('admin.lists.downloadingCsv') : t('admin.lists.downloadCsv')}
    </button>
  );
}
