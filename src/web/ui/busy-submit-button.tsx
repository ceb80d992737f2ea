import { buttonClassName, type ButtonSize, type ButtonVariant } from './button-styles';

interface BusySubmitButtonProps {
  busy: boolean;
  /** Disabled also when not busy (what the form needs is still loading). */
  disabled?: boolean;
  label: string;
  busyLabel: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Every form's submit: disabled and showing its busy text while the form is being sent. */
export function BusySubmitButton({
  busy,
  disabled,
  label,
  busyLabel,
  variant = 'primary',
  size = 'md',
  className,
}: BusySubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={
        className
          ? `${buttonClassName(variant, size)} ${className}`
          : buttonClassName(variant, size)
      }
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** A form's only action: large, across the whole form (the sign-in and sign-up cards). */
export function WideSubmitButton(
  props: Pick<BusySubmitButtonProps, 'busy' | 'label' | 'busyLabel'>,
) {
  return <BusySubmitButton {...props} size="lg" className="w-full" />;
}
