import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '#shared/schemas/webhook-schemas';
import type { WebhookEventSubscription } from '#shared/shippers-api';
import { ApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { ConfirmedActionButton } from '../../../ui/confirmed-action-button';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { useDeleteWebhook, useUpdateWebhook, useWebhookEndpoints } from '../api/webhook-queries';
import { AddWebhookDialog } from './add-webhook-dialog';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { webhookEventKey } from './webhook-events';

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

function DeleteEndpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const remove = useDeleteWebhook();
  return (
    <ConfirmedActionButton
      label={t('developers.webhooks.delete')}
      title={t('developers.webhooks.deleteTitle')}
      lead={t('developers.webhooks.deleteLead', { url: endpoint.url })}
      cancelLabel={t('developers.webhooks.cancel')}
      confirmLabel={t('developers.webhooks.deleteConfirm')}
      busyLabel={t('developers.webhooks.deleting')}
      busy={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(endpoint.id, {
          onSuccess: () => {
            notifySuccess(t('developers.webhooks.deleted'));
            close();
          },
          onError: (error) => notifyError(failureText(error, t('developers.webhooks.failed'))),
        })
      }
    />
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const update = useUpdateWebhook();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const active = endpoint.status === 'active';
  const toggle = () =>
    update.mutate(
      { id: endpoint.id, changes: { enabled: !active } },
      {
        onSuccess: () => notifySuccess(t('developers.webhooks.changed')),
        onError: (error) => notifyError(failureText(error, t('developers.webhooks.failed'))),
      },
    );
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge tone={active ? 'green' : 'red'}>
            {active
              ? t('developers.webhooks.status.active')
              : t(`developers.webhooks.reasons.${endpoint.disabledReason ?? 'owner'}`)}
          </StatusBadge>
          <span className="font-mono text-sm break-all text-slate-900" dir="ltr">
            {endpoint.url}
          </span>
        </div>
        {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
        <p className="text-xs text-slate-500">
          {endpoint.events
            .map((event) => t(webhookEventKey(event as WebhookEventSubscription)))
            .join(' · ')}
        </p>
        {endpoint.failingSince && active && (
          <p className="text-xs font-semibold text-amber-800">
            {t('developers.webhooks.failingSince', { date: dateTime(endpoint.failingSince) })}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <button
          type="button"
          onClick={() => setShowDeliveries(true)}
          className={buttonClassName('secondary')}
        >
          {t('developers.webhooks.deliveries.open')}
        </button>
        <button
          type="button"
          disabled={update.isPending}
          onClick={toggle}
          className={buttonClassName('secondary')}
        >
          {active ? t('developers.webhooks.turnOff') : t('developers.webhooks.turnOn')}
        </button>
        <DeleteEndpoint endpoint={endpoint} />
      </div>
      {showDeliveries && (
        <WebhookDeliveriesDialog endpoint={endpoint} onClose={() => setShowDeliveries(false)} />
      )}
    </li>
  );
}

/**
 * /dashboard/developers' webhooks (docs/decisions/0021-shippers-api.md, "Signed webhooks"): the
 * owner's endpoints with their status, added with a secret shown once, turned off and on,
 * deleted, and each one's delivery log with "Send again".
 */
export function WebhooksSection() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);

  let body;
  if (endpoints.isPending) {
    body = <LoadingState />;
  } else if (endpoints.isError) {
    body = (
      <ErrorState
        message={t('developers.webhooks.loadFailed')}
        onRetry={() => void endpoints.refetch()}
      />
    );
  } else if (endpoints.data.endpoints.length === 0) {
    body = <EmptyState message={t('developers.webhooks.empty')} />;
  } else {
    body = (
      <ul aria-label={t('developers.webhooks.caption')} className="divide-y divide-slate-200">
        {endpoints.data.endpoints.map((endpoint) => (
          <EndpointItem key={endpoint.id} endpoint={endpoint} />
        ))}
      </ul>
    );
  }
  return (
    <section className="mt-6">
      <Card
        title={t('developers.webhooks.title')}
        actions={
          <button type="button" onClick={() => setAdding(true)} className={buttonClassName()}>
            {t('developers.webhooks.add')}
          </button>
        }
      >
        <p className="mb-4 text-sm text-slate-600">{t('developers.webhooks.lead')}</p>
        {body}
      </Card>
      {adding && <AddWebhookDialog onClose={() => setAdding(false)} />}
    </section>
  );
}
