/** The truck mark of the favicon, drawn inline so it needs no image request. */
export function BrandMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" className="fill-brand-800" />
      <path d="M6 20h13V10H6zm13-6h4l3 3v3h-7z" className="fill-accent-500" />
      <circle cx="10" cy="22" r="2.5" className="fill-white" />
      <circle cx="22" cy="22" r="2.5" className="fill-white" />
    </svg>
  );
}
