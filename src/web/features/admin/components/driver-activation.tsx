import '../admin-strings';
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../i18n/use-message-text';
import type { AdminTruck } from '#shared/schemas/fleet-schemas';
import { buttonClassName } from '../../../ui/button-styles';
import { FormDialog } from '../../../ui/form-dialog';
import { StatusBadge } from '../../../ui/status-badge';
import { describeActionError } from '../admin-errors';
import { useSetDriverActive, useUnlockDriverSignIn } from '../api/admin-api';
import { notifyError, notifySuccess } from '../../../ui/toasts';

/**
 * The driver's name, "Deactivated" once an admin stopped them signing in, and "Sign-in locked"
 * after too many wrong codes (docs/decisions/0017-security-review.md).
 */
export function DriverNameCell({ truck }: { truck: AdminTruck }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className={truck.driverActive ? undefined : 'text-slate-500'}>{truck.fullName}</span>
      {!truck.driverActive && (
        <StatusBadge tone="grey">{t('admin.trucks.driverAccess.deactivated')}</StatusBadge>
      )}
      {truck.driverSignInLocked && (
        <StatusBadge tone="red">{t('admin.signInLimits.signInLocked')}</StatusBadge>
      )}
    </span>
  );
}

/** Unlock, for a driver whose phone sign-in is locked: they can ask for a code again at once. */
function UnlockSignInButton({ truck }: { truck: AdminTruck }) {
  const { t } = useTranslation();
  const unlock = useUnlockDriverSignIn();
  const messageText = useMessageText();
  return (
    <button
      type="button"
      disabled={unlock.isPending}
      aria-busy={unlock.isPending || undefined}
      aria-label={t('admin.signInLimits.unlockSignInLabel', { name: truck.fullName })}
      onClick={() =>
        unlock.mutate(truck.driverId, {
          onSuccess: () => notifySuccess(messageText('driver_auth.sign_in_unlocked')),
          onError: (failure) =>
            notifyError(describeActionError(failure, t('admin.signInLimits.unlockFailed'))),
        })
      }
      className={buttonClassName('primary')}
    >
      {unlock.isPending ? t('admin.signInLimits.unlocking') : t('admin.signInLimits.unlockSignIn')}
    </button>
  );
}

/**
 * Deactivate or Reactivate, after a confirmation: a deactivated driver cannot sign in, their
 * sessions end and no order is dispatched to them (docs/decisions/0009-drivers.md).
 */
export function DriverActivationAction({ truck }: { truck: AdminTruck }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const deactivating = truck.driverActive;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {truck.driverSignInLocked && <UnlockSignInButton truck={truck} />}
      <button
        ref={opener}
        type="button"
        onClick={() => setConfirming(true)}
        className={buttonClassName(deactivating ? 'secondary' : 'primary')}
        aria-label={t(
          deactivating
            ? 'admin.trucks.driverAccess.deactivateLabel'
            : 'admin.trucks.driverAccess.reactivateLabel',
          { name: truck.fullName },
        )}
      >
        {t(
          deactivating
            ? 'admin.trucks.driverAccess.deactivate'
            : 'admin.trucks.driverAccess.reactivate',
        )}
      </button>
      {confirming && (
        <ConfirmDriverActivation
          truck={truck}
          returnFocusTo={opener}
          onClose={() => setConfirming(false)}
        />
      )}
    </span>
  );
}

function ConfirmDriverActivation({
  truck,
  returnFocusTo,
  onClose,
}: {
  truck: AdminTruck;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const setActive = useSetDriverActive();
  const messageText = useMessageText();
  const deactivating = truck.driverActive;
  const key = deactivating ? 'deactivateDialog' : 'reactivateDialog';

  const confirm = () =>
    setActive.mutate(
      { driverId: truck.driverId, active: !deactivating },
      {
        onSuccess: () => {
          notifySuccess(
            messageText(deactivating ? 'fleet.driver_deactivated' : 'fleet.driver_activated'),
          );
          onClose();
        },
        onError: (failure) =>
          notifyError(describeActionError(failure, t('admin.trucks.driverAccess.failed'))),
      },
    );

  return (
    <FormDialog
      title={t(`admin.trucks.driverAccess.${key}.title`, { name: truck.fullName })}
      lead={t(`admin.trucks.driverAccess.${key}.lead`, { truckNumber: truck.truckNumber })}
      onClose={onClose}
      onSubmit={confirm}
      returnFocusTo={returnFocusTo}
      cancelLabel={t('admin.trucks.driverAccess.keep')}
      submitLabel={t(`admin.trucks.driverAccess.${key}.confirm`)}
      busyLabel={t('admin.trucks.driverAccess.working')}
      busy={setActive.isPending}
      variant={deactivating ? 'danger' : 'primary'}
    />
  );
}
