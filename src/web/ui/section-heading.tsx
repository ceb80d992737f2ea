import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: 'center' | 'start';
  tone?: 'light' | 'dark';
}

/** The small label, h2 and lead that open each section of a page. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
  tone = 'light',
}: SectionHeadingProps) {
  const onDark = tone === 'dark';
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && (
        <p
          className={`text-sm font-semibold tracking-wide uppercase ${onDark ? 'text-accent-400' : 'text-brand-700'}`}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${onDark ? 'text-white' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {lead && (
        <p className={`mt-4 text-lg text-pretty ${onDark ? 'text-brand-100' : 'text-slate-600'}`}>
          {lead}
        </p>
      )}
    </div>
  );
}
