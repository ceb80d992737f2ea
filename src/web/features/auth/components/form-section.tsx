import type { ReactNode } from 'react';

/** A titled group of fields, two columns from small screens up. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
        {title}
      </legend>
      <div className="mt-3 grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
