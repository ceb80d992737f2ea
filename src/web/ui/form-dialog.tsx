import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './button-styles';
import { BusySubmitButton } from './busy-submit-button';
import { ModalDialog } from './modal-dialog';

const widths = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-xl' } as const;

export interface FormDialogProps {
  /** The dialog's heading and accessible name. */
  title: string;
  /** The line under the title: what the step does. */
  lead?: ReactNode;
  onClose(): void;
  /** The form was sent (its submit button or Enter in a field). */
  onSubmit(): void | Promise<void>;
  /** What takes the focus when the dialog opens; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** What gets the focus back when it closes; the element focused at opening otherwise. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  width?: keyof typeof widths;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The submit cannot be used yet (what it needs is still loading). */
  submitDisabled?: boolean;
  /** The submit's look: `danger` for a step that cannot be undone. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The fields, between the title and the actions; none for a plain confirmation. */
  children?: ReactNode;
}

/**
 * The one modal shell of every dialog of the app: a titled form in a ModalDialog, its fields,
 * then Cancel and the busy-aware submit. The caller mounts it to open it and validates on submit.
 */
export function FormDialog({
  title,
  lead,
  onClose,
  onSubmit,
  initialFocus,
  returnFocusTo,
  width = 'lg',
  cancelLabel,
  submitLabel,
  busyLabel,
  busy,
  submitDisabled,
  variant,
  size,
  children,
}: FormDialogProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      initialFocus={initialFocus}
      returnFocusTo={returnFocusTo}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${widths[width]} overflow-y-auto rounded-lg bg-white p-0 shadow-xl`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
        </div>
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonClassName('secondary')}>
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
      </form>
    </ModalDialog>
  );
}
