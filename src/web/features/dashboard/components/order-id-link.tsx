import { Link } from 'react-router';
import { shortenIdForDashboard, shortenIdForMobile } from '#shared/format';

/**
 * An order's id, shortened as docs/product.md, section 9 says (first 10 and an ellipsis on the
 * dashboard, last 10 on phones), linking to its page. The full id shows on hover.
 */
export function OrderIdLink({ id, form }: { id: string; form: 'dashboard' | 'mobile' }) {
  return (
    <Link
      to={`/orders/${id}`}
      title={id}
      className="inline-flex min-h-10 items-center rounded font-mono text-sm font-semibold text-brand-800 tabular-nums underline-offset-4 hover:underline"
    >
      {form === 'mobile' ? shortenIdForMobile(id) : shortenIdForDashboard(id)}
    </Link>
  );
}
