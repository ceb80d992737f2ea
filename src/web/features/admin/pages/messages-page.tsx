import '../admin-strings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../i18n/use-message-text';
import { RotateCw } from 'lucide-react';
import { MESSAGE_STATUSES, MESSAGE_STATUS_TONES } from '#shared/message-status';
import type { AdminMessage } from '#shared/schemas/message-schemas';
import { buttonClassName } from '../../../ui/button-styles';
import { StatusBadge } from '../../../ui/status-badge';
import { useRetryMessage } from '../api/admin-api';
import { describeActionError } from '../admin-errors';
import type { ListFilterOption } from '../../../ui/list-screen';
import { AdminListScreen } from '../components/admin-list-screen';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import type { CardColumn } from '../../../ui/row-cards';
import { AdminTime } from '../components/admin-time';

/** Sends a failed message again and says how it went; the list then refreshes. */
function RetryMessageButton({ message }: { message: AdminMessage }) {
  const { t } = useTranslation();
  const retry = useRetryMessage();
  const messageText = useMessageText();
  return (
    <button
      type="button"
      disabled={retry.isPending}
      aria-busy={retry.isPending || undefined}
      aria-label={t('admin.messages.retryLabel', {
        template: message.template,
        recipient: message.recipient,
      })}
      onClick={() =>
        retry.mutate(message.id, {
          onSuccess: () => notifySuccess(messageText('message.requeued')),
          onError: (error) =>
            notifyError(describeActionError(error, t('admin.messages.retryFailed'))),
        })
      }
      className={buttonClassName('secondary')}
    >
      <RotateCw aria-hidden="true" className="size-4" />
      {retry.isPending ? t('admin.messages.retrying') : t('admin.messages.retry')}
    </button>
  );
}

/**
 * /admin/messages: the outbox, every mail and SMS with its delivery status and attempts, so an
 * administrator sees what customers were told and sends again what failed.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const none = t('admin.common.none');
  const statusOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'all', label: t('admin.messages.all') },
      ...MESSAGE_STATUSES.map((status) => ({
        value: status,
        label: t(`admin.messages.statuses.${status}`),
        status,
      })),
    ],
    [t],
  );
  const columns: CardColumn<AdminMessage>[] = [
    {
      id: 'channel',
      header: t('admin.messages.columns.channel'),
      cell: (message) => t(`admin.messages.channels.${message.channel}`),
    },
    {
      id: 'recipient',
      header: t('admin.messages.columns.recipient'),
      // One line in the table (md and up); the phone cards are narrow enough to need a break.
      cell: (message) => (
        <span className="[overflow-wrap:anywhere] md:whitespace-nowrap">{message.recipient}</span>
      ),
    },
    {
      id: 'template',
      header: t('admin.messages.columns.template'),
      // A local run without an SMS gateway keeps each SMS's text here (a driver's code), not in
      // the log (docs/decisions/0017-security-review.md, "Message texts").
      cell: (message) => (
        <>
          <span className="font-mono text-xs [overflow-wrap:anywhere] md:whitespace-nowrap">
            {message.template}
          </span>
          {message.localText !== null && (
            <span className="mt-1 block text-sm text-slate-700 [overflow-wrap:anywhere] md:w-64">
              <span className="font-medium">{t('admin.signInLimits.localText')}</span>{' '}
              <span dir="auto">{message.localText}</span>
            </span>
          )}
        </>
      ),
    },
    {
      id: 'status',
      header: t('admin.messages.columns.status'),
      // Retry sits beside the status it changes, in view without scrolling the wide table.
      cell: (message) => (
        <span className="flex flex-wrap items-center gap-2 md:flex-nowrap">
          <StatusBadge tone={MESSAGE_STATUS_TONES[message.status]}>
            {t(`admin.messages.statuses.${message.status}`)}
          </StatusBadge>
          {message.status === 'failed' && <RetryMessageButton message={message} />}
        </span>
      ),
    },
    {
      id: 'attempts',
      header: t('admin.messages.columns.attempts'),
      cell: (message) => message.attempts,
      align: 'end',
    },
    {
      id: 'lastError',
      header: t('admin.messages.columns.lastError'),
      cell: (message) =>
        message.lastError === null ? (
          none
        ) : (
          <span className="block text-red-700 [overflow-wrap:anywhere] md:w-48 md:[overflow-wrap:normal]">
            {message.lastError}
          </span>
        ),
    },
    {
      id: 'createdAt',
      header: t('admin.messages.columns.createdAt'),
      cell: (message) => <AdminTime iso={message.createdAt} />,
    },
    {
      id: 'nextOrSent',
      header: t('admin.messages.columns.nextOrSent'),
      cell: (message) => (
        <AdminTime iso={message.status === 'sent' ? message.sentAt : message.nextAttemptAt} />
      ),
    },
  ];
  return (
    <AdminListScreen
      list="messages"
      title={t('admin.messages.title')}
      lead={t('admin.messages.lead')}
      caption={t('admin.messages.caption')}
      emptyMessage={t('admin.messages.empty')}
      searchPlaceholder={t('admin.messages.searchPlaceholder')}
      loadFailedMessage={t('admin.lists.loadFailed.messages')}
      columns={columns}
      rowKey={(message) => message.id}
      filter={{ label: t('admin.lists.statusLabel'), options: statusOptions }}
    />
  );
}
