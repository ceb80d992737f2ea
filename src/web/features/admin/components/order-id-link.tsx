import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shortenIdForDashboard } from '#shared/format';

/**
 * An order's id with the # prefix of the admin tables (docs/product.md, section 2), shortened as on
 * the dashboard, linking to the admin order page; the full id shows on hover.
 */
export function OrderIdLink({ id, trackingNumber }: { id: string; trackingNumber?: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-col">
      <Link
        to={`/admin/orders/${id}`}
        title={id}
        className="inline-flex min-h-10 items-center rounded font-mono text-sm font-semibold whitespace-nowrap text-brand-800 tabular-nums underline-offset-4 hover:underline"
      >
        {t('admin.common.hashId', { id: shortenIdForDashboard(id) })}
      </Link>
      {trackingNumber && (
        <span className="-mt-1.5 font-mono text-xs whitespace-nowrap text-slate-500">
          {trackingNumber}
        </span>
      )}
    </span>
  );
}
