import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckCheck } from 'lucide-react';
import type { Notification } from '#shared/schemas/notification-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { Pager } from '../../../ui/pager';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import {
  DASHBOARD_PAGE_SIZE,
  useMarkNotificationsRead,
  useNotifications,
} from '../api/dashboard-queries';

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const unread = notification.readAt === null;
  return (
    <li>
      <article
        className={`rounded-lg border p-4 shadow-sm sm:p-5 ${
          unread ? 'border-brand-300 bg-brand-50/60' : 'border-slate-200 bg-white'
        }`}
      >
        <div className="flex flex-wrap items-center gap-2">
          <h3 className={`text-slate-900 ${unread ? 'font-bold' : 'font-semibold'}`}>
            {notification.title}
          </h3>
          {unread && (
            <StatusBadge tone="blue">{t('dashboard.notifications.list.unread')}</StatusBadge>
          )}
        </div>
        <p className="mt-1 text-slate-700">{notification.body}</p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <time dateTime={notification.createdAt}>{dateTime(notification.createdAt)}</time>
          {notification.orderId && notification.trackingNumber && (
            <Link
              to={`/orders/${notification.orderId}`}
              className="inline-flex min-h-10 items-center font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {t('dashboard.notifications.list.viewOrder', {
                trackingNumber: notification.trackingNumber,
              })}
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}

/** The customer's notifications about their orders, six a page, newest first. */
export function OrderNotificationList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useNotifications(page);
  const markRead = useMarkNotificationsRead();

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingState />;
  } else if (query.isError) {
    body = (
      <ErrorState
        message={t('dashboard.notifications.list.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.total === 0) {
    body = <EmptyState message={t('dashboard.notifications.list.empty')} />;
  } else {
    body = (
      <div
        aria-busy={query.isPlaceholderData || undefined}
        className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        <ul className="flex flex-col gap-3">
          {query.data.notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
        <Pager
          page={page}
          pageSize={DASHBOARD_PAGE_SIZE}
          total={query.data.total}
          onPageChange={setPage}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="order-notifications-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-notifications-title" className="text-lg font-semibold text-slate-900">
          {t('dashboard.notifications.list.title')}
        </h2>
        {query.data && query.data.total > 0 && (
          <button
            type="button"
            onClick={() => markRead.mutate()}
            disabled={markRead.isPending}
            className={buttonClassName('secondary')}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('dashboard.notifications.list.markAllRead')}
          </button>
        )}
      </div>
      {markRead.isError && (
        <p role="alert" className="mb-3 text-sm font-medium text-red-700">
          {t('dashboard.notifications.list.markAllReadFailed')}
        </p>
      )}
      {body}
    </section>
  );
}
