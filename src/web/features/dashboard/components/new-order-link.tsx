import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';

/** The customer's primary action, to the new-order wizard (the top bar, an empty list). */
export function NewOrderLink({
  className = '',
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to="/new-order" className={`${buttonClassName('primary')} ${className}`.trim()}>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
