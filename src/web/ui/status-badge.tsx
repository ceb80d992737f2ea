import type { ReactNode } from 'react';
import type { Tone } from '#shared/order-status';

/** Theme classes for each tone of src/shared, so a status looks the same on every screen. */
const toneClassNames: Record<Tone, string> = {
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  red: 'bg-red-50 text-red-700 ring-red-600/25',
  blue: 'bg-brand-50 text-brand-800 ring-brand-700/25',
  orange: 'bg-orange-50 text-orange-800 ring-orange-600/25',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/25',
};

export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${toneClassNames[tone]}`}
    >
      {children}
    </span>
  );
}
