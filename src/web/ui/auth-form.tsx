import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { authLinkClassName } from './auth-card';
import { WideSubmitButton } from './busy-submit-button';
import { FormAlert } from './form-alert';

interface AuthFormProps {
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  onFocus?(): void;
  /** The form's failure, above its fields; nothing when there is none. */
  error: ReactNode;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** A line above the failure (what the step is about). */
  before?: ReactNode;
  /** Under the submit (a link, a second action). */
  after?: ReactNode;
  children: ReactNode;
}

/**
 * The form inside an AuthCard (sign-in, the driver's two steps, the password screens): the
 * failure, the fields, then the wide submit that shows its busy text.
 */
export function AuthForm({
  onSubmit,
  onFocus,
  error,
  busy,
  submitLabel,
  busyLabel,
  before,
  after,
  children,
}: AuthFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} onFocus={onFocus} className="space-y-5">
      {before}
      <FormAlert>{error}</FormAlert>
      {children}
      <WideSubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} />
      {after}
    </form>
  );
}

/** "Back to Login" under an AuthCard. */
export function AuthBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={`inline-flex items-center gap-1.5 ${authLinkClassName}`}>
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {children}
    </Link>
  );
}
