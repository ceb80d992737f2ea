import {
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  /** The accessible name: an id of the dialog's own heading, or a label. */
  labelledBy?: string;
  label?: string;
  onClose(): void;
  /** What takes the focus when the dialog opens; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** What gets the focus back when it closes; the element focused at opening otherwise. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: shown with showModal() while mounted, so the page
 * behind is inert and Escape closes it. Tab also wraps inside (the browser alone would let it
 * reach its own toolbar), a click on the backdrop closes it, the page behind does not scroll,
 * and the focus goes back where it was when it closes.
 */
export function ModalDialog({
  labelledBy,
  label,
  onClose,
  initialFocus,
  returnFocusTo,
  className = '',
  children,
}: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Safari does not focus a clicked button, so the caller may name the opener.
    const opener =
      returnFocusTo?.current ??
      (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    element.showModal();
    initialFocus?.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (element.open) element.close();
      opener?.focus();
    };
    // Opened once per mounting (the caller mounts the dialog to open it); a ref never changes.
  }, [initialFocus, returnFocusTo]);

  const wrapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusables = [...dialog.current.querySelectorAll<HTMLElement>(focusableSelector)].filter(
      (element) => element.offsetParent !== null,
    );
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // The backdrop belongs to the <dialog> itself: a click there lands outside its box.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== dialog.current) return;
    const box = dialog.current.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) onClose();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      aria-label={label}
      onCancel={(event) => {
        // Escape: the caller unmounts the dialog, which closes it.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={wrapTab}
      onClick={closeOnBackdrop}
      className={`backdrop:bg-slate-900/50 ${className}`}
    >
      {children}
    </dialog>
  );
}
