import { buttonClassName, type ButtonSize, type ButtonVariant } from './button-styles';
import { BusySubmitButton } from './busy-submit-button';

interface DialogActionsProps {
  cancelLabel: string;
  onCancel(): void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  submitDisabled?: boolean;
  /** The submit's look: `danger` for a step that cannot be undone. */
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A form dialog's closing row, the same in every dialog: Cancel, then the busy-aware submit. */
export function DialogActions({
  cancelLabel,
  onCancel,
  submitLabel,
  busyLabel,
  busy,
  submitDisabled,
  variant,
  size,
}: DialogActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" onClick={onCancel} className={buttonClassName('secondary')}>
        {cancelLabel}
      </button>
      <BusySubmitButton
        busy={busy}
        disabled={submitDisabled}
        label={submitLabel}
        busyLabel={busyLabel}
        variant={variant}
        size={size}
      />
    </div>
  );
}
