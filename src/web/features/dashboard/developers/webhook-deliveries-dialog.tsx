import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_STATUS_TONES } from '#shared/message-status';
import type { WebhookDelivery, WebhookEndpoint } from '#shared/schemas/webhook-schemas';
import { WEBHOOK_EVENTS, type WebhookEvent } from '#shared/shippers-api';
import { ApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { DataTable } from '../../../ui/data-table';
import { ModalDialog } from '../../../ui/modal-dialog';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { useSendWebhookAgain, useWebhookDeliveries } from '../api/webhook-queries';
import { webhookEventKey } from './webhook-events';

function SendAgain({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const sendAgain = useSendWebhookAgain(endpointId);
  if (delivery.status === 'queued') return null;
  return (
    <button
      type="button"
      disabled={sendAgain.isPending}
      onClick={() =>
        sendAgain.mutate(delivery.id, {
          onSuccess: () => notifySuccess(t('developers.webhooks.deliveries.queuedAgain')),
          onError: (error) =>
            notifyError(
              error instanceof ApiError && error.message
                ? error.message
                : t('developers.webhooks.failed'),
            ),
        })
      }
      className={buttonClassName('secondary')}
    >
      {t('developers.webhooks.deliveries.sendAgain')}
    </button>
  );
}

/** An endpoint's delivery log, newest first, 20 a page, with "Send again". */
export function WebhookDeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormatters();
  const titleId = useId();
  // The cursors of the pages before this one: "Newer" goes back one.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors.at(-1);
  const deliveries = useWebhookDeliveries(endpoint.id, cursor);
  const eventName = (type: string) =>
    (WEBHOOK_EVENTS as readonly string[]).includes(type)
      ? t(webhookEventKey(type as WebhookEvent))
      : type;

  let body;
  if (deliveries.isPending) {
    body = <LoadingState />;
  } else if (deliveries.isError) {
    body = (
      <ErrorState
        message={t('developers.webhooks.deliveries.loadFailed')}
        onRetry={() => void deliveries.refetch()}
      />
    );
  } else if (deliveries.data.items.length === 0 && cursors.length === 1) {
    body = <EmptyState message={t('developers.webhooks.deliveries.none')} />;
  } else {
    const page = deliveries.data;
    body = (
      <>
        <DataTable
          caption={t('developers.webhooks.deliveries.caption')}
          rows={page.items}
          rowKey={(delivery) => delivery.id}
          columns={[
            {
              id: 'event',
              header: t('developers.webhooks.deliveries.event'),
              cell: (delivery) => eventName(delivery.type),
            },
            {
              id: 'status',
              header: t('developers.webhooks.deliveries.status'),
              cell: (delivery) => (
                <StatusBadge tone={MESSAGE_STATUS_TONES[delivery.status]}>
                  {t(`developers.webhooks.deliveries.statuses.${delivery.status}`)}
                </StatusBadge>
              ),
            },
            {
              id: 'attempts',
              header: t('developers.webhooks.deliveries.attempts'),
              align: 'end',
              cell: (delivery) => number(delivery.attempts),
            },
            {
              id: 'answer',
              header: t('developers.webhooks.deliveries.answer'),
              cell: (delivery) => (
                <span className="tabular-nums" title={delivery.lastError ?? undefined}>
                  {delivery.lastStatusCode ?? (delivery.lastError ? '—' : '')}
                  {delivery.lastError && (
                    <span className="block max-w-56 truncate text-xs text-slate-500">
                      {delivery.lastError}
                    </span>
                  )}
                </span>
              ),
            },
            {
              id: 'time',
              header: t('developers.webhooks.deliveries.time'),
              cell: (delivery) => dateTime(delivery.sentAt ?? delivery.updatedAt),
            },
            {
              id: 'actions',
              header: t('developers.webhooks.columns.actions'),
              cell: (delivery) => <SendAgain endpointId={endpoint.id} delivery={delivery} />,
            },
          ]}
        />
        <div className="mt-3 flex justify-between gap-2">
          <button
            type="button"
            disabled={cursors.length === 1}
            onClick={() => setCursors((list) => list.slice(0, -1))}
            className={buttonClassName('secondary')}
          >
            {t('developers.webhooks.deliveries.newer')}
          </button>
          <button
            type="button"
            disabled={!page.nextCursor}
            onClick={() => setCursors((list) => [...list, page.nextCursor ?? undefined])}
            className={buttonClassName('secondary')}
          >
            {t('developers.webhooks.deliveries.older')}
          </button>
        </div>
      </>
    );
  }

  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-4xl overflow-y-auto rounded-lg bg-white p-5 shadow-xl sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('developers.webhooks.deliveries.title')}
      </h2>
      <p className="mt-1 mb-4 text-sm break-all text-slate-600" dir="ltr">
        {endpoint.url}
      </p>
      {body}
      <div className="mt-5 flex justify-end">
        <button type="button" onClick={onClose} className={buttonClassName()}>
          {t('developers.webhooks.deliveries.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
