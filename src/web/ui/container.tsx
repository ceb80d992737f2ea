import type { ReactNode } from 'react';

interface ContainerProps {
  children: ReactNode;
  className?: string;
  /** Narrow suits a single column of reading (questions, forms). */
  width?: 'default' | 'narrow';
}

/** The page's readable width and side gutters, the same on every public screen. */
export function Container({ children, className = '', width = 'default' }: ContainerProps) {
  const maxWidth = width === 'narrow' ? 'max-w-3xl' : 'max-w-6xl';
  return (
    <div className={`mx-auto w-full ${maxWidth} px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>
  );
}
