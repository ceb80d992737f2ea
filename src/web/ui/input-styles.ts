/** Text fields share one look; the invalid state adds a red border the user can see. */
export const labelClassName = 'mb-1.5 block text-sm font-medium text-slate-800';

export function inputClassName(invalid = false) {
  const border = invalid
    ? 'border-red-500 focus-visible:outline-red-500'
    : 'border-slate-300 hover:border-slate-400';
  return `block min-h-12 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 ${border}`;
}
