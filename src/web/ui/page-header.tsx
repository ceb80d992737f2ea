import { createContext, use, useEffect, type ReactNode } from 'react';

/** How the surrounding area names the browser tab after a screen ("Tracking · Atlas Freight"). */
export const PageTitleFormatContext = createContext<(page: string) => string>((page) => page);

interface PageHeaderProps {
  title: string;
  lead?: ReactNode;
  /** Shown above the title (a back link). */
  before?: ReactNode;
  /** Shown at the end of the title row. */
  actions?: ReactNode;
}

/** The h1 of a screen, which also names the browser tab. */
export function PageHeader({ title, lead, before, actions }: PageHeaderProps) {
  const documentTitle = use(PageTitleFormatContext)(title);
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <div className="mb-6">
      {before}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {lead && <p className="mt-1 text-slate-600">{lead}</p>}
        </div>
        {actions}
      </div>
    </div>
  );
}
