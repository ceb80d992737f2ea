import { useRef, useState, type ReactNode } from 'react';
import { buttonClassName } from './button-styles';
import { FormDialog } from './form-dialog';

interface ConfirmedActionButtonProps {
  label: string;
  /** The button's accessible name when its text alone is ambiguous in a list. */
  ariaLabel?: string;
  title: string;
  lead?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Runs the action; `close` ends the confirmation once it succeeded. */
  onConfirm(close: () => void): void;
  /** Shown inside the confirmation (a failure's alert). */
  children?: ReactNode;
}

/**
 * A button for an action that cannot be taken back (remove a member, revoke a key, delete an
 * endpoint): it opens a danger confirmation, and focus returns to it when that closes.
 */
export function ConfirmedActionButton({
  label,
  ariaLabel,
  title,
  lead,
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  children,
}: ConfirmedActionButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => setConfirming(false);
  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={ariaLabel}
        className={buttonClassName('secondary')}
      >
        {label}
      </button>
      {confirming && (
        <FormDialog
          title={title}
          lead={lead}
          onClose={close}
          onSubmit={() => onConfirm(close)}
          returnFocusTo={opener}
          cancelLabel={cancelLabel}
          submitLabel={confirmLabel}
          busyLabel={busyLabel}
          busy={busy}
          variant="danger"
        >
          {children}
        </FormDialog>
      )}
    </>
  );
}
