/** What the password-reset screens keep in localStorage (docs/product.md, section 2). */
export const resetKeys = { email: 'resetEmail', token: 'resetToken' } as const;

export function readResetValue(key: (typeof resetKeys)[keyof typeof resetKeys]): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeResetValue(
  key: (typeof resetKeys)[keyof typeof resetKeys],
  value: string | null,
): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the screens still work from the route and navigation state.
  }
}
