import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { orgRoleMay } from '#shared/organization-roles';
import { useSession } from '../../../lib/session/session-context';
import { buttonClassName } from '../../../ui/button-styles';

/**
 * The customer's primary action, to the new-order wizard (the top bar, an empty list); not shown
 * to a role that may not book (docs/decisions/0014-organizations.md).
 */
export function NewOrderLink({
  className = '',
  search = '',
  variant = 'primary',
  children,
}: {
  className?: string;
  /** A query the wizard reads (`?exchangeOf=` an order id: the new order exchanges it). */
  search?: string;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  const { user } = useSession();
  if (!orgRoleMay(user?.organization?.role, 'book')) return null;
  return (
    <Link to={`/new-order${search}`} className={`${buttonClassName(variant)} ${className}`.trim()}>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
