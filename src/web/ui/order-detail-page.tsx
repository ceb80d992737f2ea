import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { PackageSearch } from 'lucide-react';
import { ApiError } from '../lib/api-client';
import { buttonClassName } from './button-styles';
import { BackLink } from './order-detail-sections';
import { PageHeader } from './page-header';
import { EmptyState, ErrorState } from './query-states';
import { LoadingState } from './spinner';

/** What a loaded order shows: its header, then the wide column and the narrow one. */
export interface OrderDetailSlots {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  main: ReactNode;
  aside: ReactNode;
}

interface OrderDetailPageProps<Order> {
  query: UseQueryResult<Order>;
  /** The list the page was opened from. */
  back: { to: string; label: string };
  /** The title while the order loads or when it failed to load. */
  title: string;
  notFound: { title: string; message: string };
  /** A failure to load in the area's words. */
  errorText(error: unknown): string;
  /** The slots of the loaded order. */
  children(order: Order): OrderDetailSlots;
}

/**
 * The one order page of the customer's dashboard and of the back office: the four states of a
 * data screen (loading, not found, error with Retry, the order) around one layout. Two columns on
 * wide screens; on phones one, in the order of the cards' `order-*` classes, where a slot gives
 * them (the customer reads where the order is before what it costs).
 */
export function OrderDetailPage<Order>({
  query,
  back,
  title,
  notFound,
  errorText,
  children,
}: OrderDetailPageProps<Order>) {
  const backLink = <BackLink to={back.to}>{back.label}</BackLink>;
  if (query.isSuccess) {
    const slots = children(query.data);
    return (
      <>
        <PageHeader
          before={backLink}
          title={slots.title}
          lead={slots.lead}
          actions={slots.actions}
        />
        <div className="flex flex-col gap-4 lg:grid lg:grid-cols-3 lg:items-start">
          <div className="contents lg:col-span-2 lg:flex lg:flex-col lg:gap-4">{slots.main}</div>
          <div className="contents lg:flex lg:flex-col lg:gap-4">{slots.aside}</div>
        </div>
      </>
    );
  }
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <PageHeader before={backLink} title={missing ? notFound.title : title} />
      {query.isPending ? (
        <LoadingState />
      ) : missing ? (
        <EmptyState
          message={notFound.message}
          action={
            <Link to={back.to} className={buttonClassName('primary')}>
              <PackageSearch aria-hidden="true" className="size-4" />
              {back.label}
            </Link>
          }
        />
      ) : (
        <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />
      )}
    </>
  );
}
