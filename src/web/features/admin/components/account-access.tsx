import '../admin-strings';
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserListItem } from '#shared/schemas/admin-schemas';
import { useMessageText } from '../../../i18n/use-message-text';
import { buttonClassName } from '../../../ui/button-styles';
import { FormDialog } from '../../../ui/form-dialog';
import { StatusBadge } from '../../../ui/status-badge';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { describeActionError } from '../admin-errors';
import { useSetAccountDisabled } from '../api/admin-api';

/** Active or Disabled, as the users list shows an account. */
export function AccountStateBadge({ user }: { user: AdminUserListItem }) {
  const { t } = useTranslation();
  return user.disabledAt ? (
    <StatusBadge tone="grey">{t('admin.accountAccess.disabled')}</StatusBadge>
  ) : (
    <StatusBadge tone="green">{t('admin.accountAccess.active')}</StatusBadge>
  );
}

/**
 * Disable or Enable, after a confirmation: a disabled account is signed out at once and cannot
 * sign in; its orders stay (docs/decisions/0016-audit-trail.md). No button on one's own account.
 */
export function AccountAccessAction({
  user,
  isSelf,
}: {
  user: AdminUserListItem;
  isSelf: boolean;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (isSelf) return null;
  const disabling = user.disabledAt === null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => setConfirming(true)}
        className={buttonClassName(disabling ? 'secondary' : 'primary')}
        aria-label={t(
          disabling ? 'admin.accountAccess.disableLabel' : 'admin.accountAccess.enableLabel',
          { email: user.email },
        )}
      >
        {t(disabling ? 'admin.accountAccess.disable' : 'admin.accountAccess.enable')}
      </button>
      {confirming && (
        <ConfirmAccountAccess
          user={user}
          returnFocusTo={opener}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

function ConfirmAccountAccess({
  user,
  returnFocusTo,
  onClose,
}: {
  user: AdminUserListItem;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const setDisabled = useSetAccountDisabled();
  const messageText = useMessageText();
  const disabling = user.disabledAt === null;
  const key = disabling ? 'disableDialog' : 'enableDialog';

  const confirm = () =>
    setDisabled.mutate(
      { userId: user.id, disabled: disabling },
      {
        onSuccess: () => {
          notifySuccess(messageText(disabling ? 'account.disable_done' : 'account.enable_done'));
          onClose();
        },
        onError: (failure) =>
          notifyError(describeActionError(failure, t('admin.accountAccess.failed'))),
      },
    );

  return (
    <FormDialog
      title={t(`admin.accountAccess.${key}.title`, { email: user.email })}
      lead={t(`admin.accountAccess.${key}.lead`)}
      onClose={onClose}
      onSubmit={confirm}
      returnFocusTo={returnFocusTo}
      cancelLabel={t('admin.accountAccess.keep')}
      submitLabel={t(`admin.accountAccess.${key}.confirm`)}
      busyLabel={t('admin.accountAccess.working')}
      busy={setDisabled.isPending}
      variant={disabling ? 'danger' : 'primary'}
    />
  );
}
