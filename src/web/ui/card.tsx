import { useId, type ReactNode } from 'react';

interface CardProps {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** 3 for a card inside a section that already has its h2 (the heading outline stays whole). */
  headingLevel?: 2 | 3;
}

/** A bordered panel, named by its heading when it has one: the building block of these screens. */
export function Card({ title, actions, children, className = '', headingLevel = 2 }: CardProps) {
  const titleId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      {(title || actions) && (
        <div className="mb-4 flex items-center justify-between gap-3">
          {title && (
            <Heading id={titleId} className="text-base font-semibold text-slate-900">
              {title}
            </Heading>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
