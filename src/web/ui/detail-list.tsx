import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** How many label and value pairs sit side by side once the screen has room. */
const columnClassNames = {
  1: '',
  2: 'grid-cols-2',
  4: 'grid-cols-2 lg:grid-cols-4',
  /** One column on phones, for long values such as emails and addresses. */
  auto: 'sm:grid-cols-2',
} as const;

/** Label and value pairs in a grid. */
export function DetailList({
  details,
  columns = 2,
}: {
  details: Detail[];
  columns?: keyof typeof columnClassNames;
}) {
  return (
    <dl className={`grid gap-x-6 gap-y-3 ${columnClassNames[columns]}`}>
      {details.map((detail) => (
        <div key={detail.label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{detail.label}</dt>
          <dd className="mt-0.5 text-sm break-words text-slate-900 tabular-nums">{detail.value}</dd>
        </div>
      ))}
    </dl>
  );
}
