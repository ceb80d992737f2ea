import '../dashboard-strings';
// The unstyled build with its stylesheet, as in the back office: every toast call of a page must
// use the build its container comes from.
import 'react-toastify/ReactToastify.css';
import { useId, useRef, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast, ToastContainer } from 'react-toastify/unstyled';
import { ApiError } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { Card } from '../../../ui/card';
import { ModalDialog } from '../../../ui/modal-dialog';
import {
  ChangePasswordFormSchema,
  type ChangePasswordFormInput,
} from '#shared/schemas/auth-schemas';
import { changePassword, logoutOtherSessions } from '../../../lib/session/session-api';
import { FormAlert } from '../../../ui/form-alert';
import { PasswordField } from '../../../ui/password-field';

/** docs/product.md, section 2: top-right, closing after 5000 ms, with a progress bar. */
const TOAST_AUTO_CLOSE_MS = 5_000;

/** The Profile page's toasts; in Arabic they read right to left, as the back office's do. */
export function ProfileToastContainer() {
  const { i18n } = useTranslation();
  return (
    <ToastContainer
      position="top-right"
      rtl={i18n.dir() === 'rtl'}
      autoClose={TOAST_AUTO_CLOSE_MS}
      hideProgressBar={false}
      newestOnTop
      closeOnClick
      pauseOnHover
    />
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Current, new and confirmation, checked by the sign-up rule before sending; the server's field
 * refusals (a wrong current password, a too common new one) show under their fields. On success
 * every other session of the account has ended (docs/decisions/0011-hardening.md).
 */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

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
    toast.success(t('dashboard.profile.password.changed'));
  });

  return (
    <Card title={t('dashboard.profile.password.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('dashboard.profile.password.lead')}</p>
      <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4">
        <FormAlert>{formError}</FormAlert>
        <PasswordField
          label={t('dashboard.profile.password.current')}
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <PasswordField
          label={t('dashboard.profile.password.new')}
          autoComplete="new-password"
          hint={t('auth.fields.passwordHint')}
          registration={register('newPassword')}
          error={errors.newPassword?.message}
        />
        <PasswordField
          label={t('dashboard.profile.password.confirm')}
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <BusySubmitButton
          busy={isSubmitting}
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
  const titleId = useId();
  const signOut = useMutation({ mutationFn: logoutOtherSessions });

  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: ({ ended }) => {
        toast.success(t('dashboard.profile.devices.ended', { count: ended }));
        onClose();
      },
      onError: (failure) => {
        toast.error(
          failure instanceof ApiError && failure.message
            ? failure.message
            : t('dashboard.profile.devices.failed'),
        );
      },
    });

  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-lg bg-white p-0 shadow-xl"
    >
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {t('dashboard.profile.devices.confirmTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {t('dashboard.profile.devices.confirmLead')}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonClassName('secondary')}>
            {t('dashboard.profile.devices.cancel')}
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={signOut.isPending}
            aria-busy={signOut.isPending || undefined}
            className={buttonClassName('danger')}
          >
            {signOut.isPending
              ? t('dashboard.profile.devices.working')
              : t('dashboard.profile.devices.confirm')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
