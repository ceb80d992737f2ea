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
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const { user } = useSession();
  if (!orgRoleMay(user?.organization?.role, 'book')) return null;
  return (
    <Link to="/new-order" className={`${buttonClassName('primary')} ${className}`.trim()}>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
