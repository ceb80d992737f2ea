/**
 * One look for actions whether they render as a <button> or a router <Link>, so a link that
 * behaves like a button (Start Now, Get Started) matches the real buttons next to it.
 */
export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'inverse' | 'danger';
export type ButtonSize = 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-800 text-white shadow-sm hover:bg-brand-900',
  accent: 'bg-accent-500 text-brand-950 shadow-sm hover:bg-accent-400',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  inverse: 'border border-white/30 text-white hover:border-white/60 hover:bg-white/10',
  /** A step that cannot be undone, such as cancelling an order. */
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

// Both sizes keep the tap target at 40 px or more.
const sizes: Record<ButtonSize, string> = {
  md: 'min-h-10 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
