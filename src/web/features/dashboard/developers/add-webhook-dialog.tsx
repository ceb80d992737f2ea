import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  WebhookEndpointCreateSchema,
  type WebhookEndpointCreateInput,
} from '#shared/schemas/webhook-schemas';
import {
  ALL_WEBHOOK_EVENTS,
  WEBHOOK_EVENTS,
  type WebhookEvent,
  type WebhookEventSubscription,
} from '#shared/shippers-api';
import { useMessageText } from '../../../i18n/use-message-text';
import { buttonClassName } from '../../../ui/button-styles';
import { CopyButton } from '../../../ui/copy-button';
import { FormAlert } from '../../../ui/form-alert';
import { FormDialog } from '../../../ui/form-dialog';
import { TextField } from '../../../ui/form-field';
import { labelClassName } from '../../../ui/input-styles';
import { ModalDialog } from '../../../ui/modal-dialog';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { useAddWebhook } from '../api/webhook-queries';
import { webhookEventKey } from './webhook-events';

/** The events as checkboxes: "All events", or any of them (the schema refuses both). */
function EventChoices({
  events,
  onChange,
  error,
}: {
  events: readonly WebhookEventSubscription[];
  onChange(events: WebhookEventSubscription[]): void;
  error?: string;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const all = events.includes(ALL_WEBHOOK_EVENTS);
  const toggle = (event: WebhookEvent, checked: boolean) =>
    onChange(checked ? [...events, event] : events.filter((name) => name !== event));
  return (
    <fieldset>
      <legend className={labelClassName}>{t('developers.webhooks.form.events')}</legend>
      <label className="flex min-h-10 items-center gap-3 text-sm font-semibold text-slate-900">
        <input
          type="checkbox"
          checked={all}
          onChange={(event) => onChange(event.target.checked ? [ALL_WEBHOOK_EVENTS] : [])}
          className="size-4 accent-brand-700"
        />
        {t('developers.webhooks.allEvents')}
      </label>
      <div className="grid gap-x-4 ps-7 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex min-h-10 items-center gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              disabled={all}
              checked={all || events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
              className="size-4 accent-brand-700"
            />
            <span>
              {t(webhookEventKey(event))}{' '}
              <code className="text-xs text-slate-500" dir="ltr">
                {event}
              </code>
            </span>
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{messageText(error)}</p>}
    </fieldset>
  );
}

/** The secret of the endpoint just added: shown once, with copy. */
function SecretDialog({ secret, onClose }: { secret: string; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      label={t('developers.webhooks.secret.title')}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg bg-white p-5 shadow-xl sm:p-6"
    >
      <h2 className="text-lg font-semibold text-slate-900">
        {t('developers.webhooks.secret.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('developers.webhooks.secret.lead')}</p>
      <div className="mt-4 flex items-center gap-2">
        <code
          data-testid="webhook-secret"
          dir="ltr"
          className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900"
        >
          {secret}
        </code>
        <CopyButton
          value={secret}
          label={t('developers.webhooks.secret.copy')}
          copiedLabel={t('developers.webhooks.secret.copied')}
          failedLabel={t('developers.webhooks.secret.copyFailed')}
        />
      </div>
      <div className="mt-5 flex justify-end">
        <button type="button" onClick={onClose} className={buttonClassName()}>
          {t('developers.webhooks.secret.done')}
        </button>
      </div>
    </ModalDialog>
  );
}

/** Add an endpoint (URL, note, events), then its signing secret, once. */
export function AddWebhookDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const add = useAddWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const { form, formError, field, submitWith } = useCheckedForm({
    resolver: zodResolver(WebhookEndpointCreateSchema),
    defaultValues: { url: '', description: '', events: [ALL_WEBHOOK_EVENTS] },
  });
  const events = form.watch('events');
  const onSubmit = submitWith(
    ['url', 'events', 'description'],
    t('developers.webhooks.form.failed'),
    async (values) => {
      const created = await add.mutateAsync(values satisfies WebhookEndpointCreateInput);
      setSecret(created.secret);
    },
  );
  if (secret) return <SecretDialog secret={secret} onClose={onClose} />;
  return (
    <FormDialog
      title={t('developers.webhooks.form.title')}
      lead={t('developers.webhooks.form.lead')}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={t('developers.webhooks.cancel')}
      submitLabel={t('developers.webhooks.form.submit')}
      busyLabel={t('developers.webhooks.form.busy')}
      busy={form.formState.isSubmitting}
    >
      <FormAlert>{formError}</FormAlert>
      <TextField
        label={t('developers.webhooks.form.url')}
        hint={t('developers.webhooks.form.urlHint')}
        type="url"
        inputMode="url"
        dir="ltr"
        placeholder="https://"
        {...field('url')}
      />
      <TextField label={t('developers.webhooks.form.description')} {...field('description')} />
      <EventChoices
        events={events}
        onChange={(next) =>
          form.setValue('events', next, { shouldValidate: form.formState.isSubmitted })
        }
        error={form.formState.errors.events?.message}
      />
    </FormDialog>
  );
}
