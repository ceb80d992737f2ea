import { useId, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  ApiKeyCreateSchema,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyCreateInput,
} from '#shared/schemas/api-key-schemas';
import { API_KEY_SCOPES } from '#shared/shippers-api';
import { useFormatters } from '../../../i18n/use-formatters';
import { ApiError } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { CopyButton } from '../../../ui/copy-button';
import { DataTable } from '../../../ui/data-table';
import { FieldMessage, TextField } from '../../../ui/form-field';
import { FormAlert } from '../../../ui/form-alert';
import { ConfirmedActionButton } from '../../../ui/confirmed-action-button';
import { FormDialog } from '../../../ui/form-dialog';
import { labelClassName } from '../../../ui/input-styles';
import { ModalDialog } from '../../../ui/modal-dialog';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/developer-queries';

/** Scope names in the dashboard's words key: `parcels:read` → `parcelsRead`. */
const scopeWord = (scope: string) =>
  scope.replace(/:(\w)/, (_, letter: string) => letter.toUpperCase());

/** The name and scopes of a new key; the answer (its secret) goes to `onCreated`. */
function CreateKeyDialog({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(key: ApiKeyCreated): void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const scopesHintId = useId();
  const { form, formError, field, submitWith } = useCheckedForm<ApiKeyCreateInput, ApiKeyCreate>({
    resolver: zodResolver(ApiKeyCreateSchema),
    defaultValues: { name: '', scopes: ['parcels:read', 'parcels:write', 'labels:read'] },
  });
  const scopesError = form.formState.errors.scopes?.message;
  const onSubmit = submitWith(
    ['name', 'scopes'],
    t('developers.keys.createFailed'),
    async (values) => {
      onCreated(await create.mutateAsync(values));
    },
  );
  return (
    <FormDialog
      title={t('developers.keys.createTitle')}
      lead={t('developers.keys.createLead')}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={t('developers.keys.cancel')}
      submitLabel={t('developers.keys.createSubmit')}
      busyLabel={t('developers.keys.creating')}
      busy={form.formState.isSubmitting}
    >
      <FormAlert>{formError}</FormAlert>
      <TextField
        label={t('developers.keys.name')}
        hint={t('developers.keys.nameHint')}
        autoComplete="off"
        {...field('name')}
      />
      <fieldset aria-describedby={scopesHintId}>
        <legend className={labelClassName}>{t('developers.keys.scopes')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {API_KEY_SCOPES.map((scope) => (
            <label
              key={scope}
              className="flex min-h-10 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 hover:border-slate-400 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input
                type="checkbox"
                value={scope}
                {...form.register('scopes')}
                className="mt-0.5 size-4 shrink-0 accent-brand-800"
              />
              <span className="min-w-0">
                <span className="block font-mono text-sm font-semibold text-slate-900" dir="ltr">
                  {scope}
                </span>
                <span className="block text-xs text-slate-600">
                  {t(`developers.keys.scopeHints.${scopeWord(scope)}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldMessage
          id={scopesHintId}
          hint={t('developers.keys.scopesHint')}
          error={scopesError}
        />
      </fieldset>
    </FormDialog>
  );
}

/** The secret, shown this once, with its copy button. */
function SecretDialog({ created, onClose }: { created: ApiKeyCreated; onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const done = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      initialFocus={done}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl overflow-y-auto rounded-lg bg-white p-0 shadow-xl"
    >
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {t('developers.keys.secretTitle', { name: created.name })}
          </h2>
          <p role="alert" className="mt-1 text-sm font-medium text-amber-800">
            {t('developers.keys.secretOnce')}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <code
            dir="ltr"
            data-testid="api-key-secret"
            className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
          >
            {created.secret}
          </code>
          <CopyButton
            value={created.secret}
            label={t('developers.keys.copySecret')}
            copiedLabel={t('developers.keys.copied')}
            failedLabel={t('developers.keys.copyFailed')}
          />
        </div>
        <p className="text-sm text-slate-600">{t('developers.keys.secretUse')}</p>
        <div className="flex justify-end">
          <button ref={done} type="button" onClick={onClose} className={buttonClassName()}>
            {t('developers.keys.secretDone')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

function RevokeKey({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const revoke = useRevokeApiKey();
  return (
    <ConfirmedActionButton
      label={t('developers.keys.revoke')}
      ariaLabel={t('developers.keys.revokeNamed', { name: apiKey.name })}
      title={t('developers.keys.revokeTitle', { name: apiKey.name })}
      lead={t('developers.keys.revokeLead')}
      cancelLabel={t('developers.keys.cancel')}
      confirmLabel={t('developers.keys.revokeConfirm')}
      busyLabel={t('developers.keys.revoking')}
      busy={revoke.isPending}
      onConfirm={(close) =>
        revoke.mutate(apiKey.id, {
          onSuccess: close,
          onError: (error) =>
            setFailure(
              error instanceof ApiError && error.message
                ? error.message
                : t('developers.keys.revokeFailed'),
            ),
        })
      }
    >
      <FormAlert>{failure}</FormAlert>
    </ConfirmedActionButton>
  );
}

function KeysTable({ keys }: { keys: ApiKey[] }) {
  const { t } = useTranslation();
  const { date, dateTime } = useFormatters();
  return (
    <DataTable
      caption={t('developers.keys.caption')}
      rows={keys}
      rowKey={(key) => key.id}
      columns={[
        { id: 'name', header: t('developers.keys.name'), cell: (key) => key.name },
        {
          id: 'prefix',
          header: t('developers.keys.prefix'),
          cell: (key) => (
            <code dir="ltr" className="font-mono text-xs text-slate-700">
              {key.prefix}…
            </code>
          ),
        },
        {
          id: 'scopes',
          header: t('developers.keys.scopes'),
          cell: (key) => (
            <span dir="ltr" className="font-mono text-xs text-slate-700">
              {key.scopes.join(', ')}
            </span>
          ),
        },
        { id: 'created', header: t('developers.keys.created'), cell: (key) => date(key.createdAt) },
        {
          id: 'lastUsed',
          header: t('developers.keys.lastUsed'),
          cell: (key) => (key.lastUsedAt ? dateTime(key.lastUsedAt) : t('developers.keys.never')),
        },
        {
          id: 'actions',
          header: t('developers.keys.actions'),
          cell: (key) => <RevokeKey apiKey={key} />,
        },
      ]}
    />
  );
}

/**
 * The owner's API keys (docs/decisions/0021-shippers-api.md, "API keys"): create one (name,
 * scopes; the secret shown once), list them by prefix, revoke one after a confirmation.
 */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [step, setStep] = useState<
    { kind: 'closed' } | { kind: 'creating' } | { kind: 'created'; key: ApiKeyCreated }
  >({ kind: 'closed' });
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setStep({ kind: 'closed' });
    opener.current?.focus();
  };

  let body;
  if (keys.isPending) body = <LoadingState />;
  else if (keys.isError) {
    body = (
      <ErrorState message={t('developers.keys.loadFailed')} onRetry={() => void keys.refetch()} />
    );
  } else if (keys.data.items.length === 0) {
    body = <EmptyState message={t('developers.keys.empty')} />;
  } else body = <KeysTable keys={keys.data.items} />;

  return (
    <Card
      className="mt-6"
      title={t('developers.keys.title')}
      actions={
        <button
          ref={opener}
          type="button"
          onClick={() => setStep({ kind: 'creating' })}
          className={buttonClassName()}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('developers.keys.create')}
        </button>
      }
    >
      <p className="mb-4 flex items-start gap-2 text-sm text-slate-600">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        {t('developers.keys.lead')}
      </p>
      {body}
      {step.kind === 'creating' && (
        <CreateKeyDialog onClose={close} onCreated={(key) => setStep({ kind: 'created', key })} />
      )}
      {step.kind === 'created' && <SecretDialog created={step.key} onClose={close} />}
    </Card>
  );
}
