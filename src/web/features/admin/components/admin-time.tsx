import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/use-formatters';

/** An admin list's time: yyyy-MM-dd HH:mm (in English) in the admin's own time zone, or "none". */
export function AdminTime({ iso }: { iso: string | null }) {
  const { t } = useTranslation();
  const { numericDateTime } = useFormatters();
  if (iso === null) return t('admin.common.none');
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {numericDateTime(iso)}
    </time>
  );
}
