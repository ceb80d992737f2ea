import '../dashboard-strings';
import { useRef, useState, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { Card } from '../../../ui/card';
import { FormDialog } from '../../../ui/form-dialog';
import {
  ChangePasswordFormSchema,
  type ChangePasswordFormInput,
} from '#shared/schemas/auth-schemas';
import { changePassword, logoutOtherSessions } from '../../../lib/session/session-api';
import { FormAlert } from '../../../ui/form-alert';
import { PasswordField } from '../../../ui/password-field';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { useCheckedForm } from '../../../ui/use-checked-form';

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Current, new and confirmation, checked by the sign-up rule before sending; the server's field
 * refusals (a wrong current password, a too common new one) show under their fields. On success
 * every other session of the account has ended (docs/decisions/0011-hardening.md).
 */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { form, formError, setFormError, field } = useCheckedForm<ChangePasswordFormInput>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { handleSubmit, setError, reset } = form;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      await changePassword({ currentPassword, newPassword });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? Object.entries(error.errors ?? {}) : [];
      let shownOnAField = false;
      for (const [field, message] of fieldErrors) {
        const known = PASSWORD_FIELDS.find((name) => name === field);
        if (!known) continue;
        setError(known, { type: 'server', message }, { shouldFocus: !shownOnAField });
        shownOnAField = true;
      }
      if (!shownOnAField) {
        setFormError(
          error instanceof ApiError && error.message
            ? error.message
            : t('dashboard.profile.password.failed'),
        );
      }
      return;
    }
    reset();
    notifySuccess(t('dashboard.profile.password.changed'));
  });

  return (
    <Card title={t('dashboard.profile.password.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('dashboard.profile.password.lead')}</p>
      <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4">
        <FormAlert>{formError}</FormAlert>
        <PasswordField
          label={t('dashboard.profile.password.current')}
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordField
          label={t('dashboard.profile.password.new')}
          autoComplete="new-password"
          hint={t('auth.fields.passwordHint')}
          {...field('newPassword')}
        />
        <PasswordField
          label={t('dashboard.profile.password.confirm')}
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <BusySubmitButton
          busy={form.formState.isSubmitting}
          label={t('dashboard.profile.password.submit')}
          busyLabel={t('dashboard.profile.password.busy')}
        />
      </form>
    </Card>
  );
}

/** "Sign out other devices", after a confirmation: a lost phone, a shared computer. */
export function OtherDevicesCard() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <Card title={t('dashboard.profile.devices.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('dashboard.profile.devices.lead')}</p>
      <button
        ref={opener}
        type="button"
        onClick={() => setConfirming(true)}
        className={buttonClassName('secondary')}
      >
        {t('dashboard.profile.devices.signOutOthers')}
      </button>
      {confirming && (
        <ConfirmSignOutOthers returnFocusTo={opener} onClose={() => setConfirming(false)} />
      )}
    </Card>
  );
}

function ConfirmSignOutOthers({
  returnFocusTo,
  onClose,
}: {
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const signOut = useMutation({ mutationFn: logoutOtherSessions });

  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: ({ ended }) => {
        notifySuccess(t('dashboard.profile.devices.ended', { count: ended }));
        onClose();
      },
      onError: (failure) => {
        notifyError(
          failure instanceof ApiError && failure.message
            ? failure.message
            : t('dashboard.profile.devices.failed'),
        );
      },
    });

  return (
    <FormDialog
      title={t('dashboard.profile.devices.confirmTitle')}
      lead={t('dashboard.profile.devices.confirmLead')}
      onClose={onClose}
      onSubmit={confirm}
      returnFocusTo={returnFocusTo}
      cancelLabel={t('dashboard.profile.devices.cancel')}
      submitLabel={t('dashboard.profile.devices.confirm')}
      busyLabel={t('dashboard.profile.devices.working')}
      busy={signOut.isPending}
      variant="danger"
    />
  );
}
