/** A low outline of the Atlas mountains, the brand's quiet backdrop; decoration only. */
export function AtlasRidge({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 1200 120"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path
        fill="currentColor"
        d="M0 120V92l70-22 60 18 90-46 70 30 60-20 110 54 80-40 70 24 100-62 90 48 70-20 80 34 90-40 70 22 90-26v84z"
      />
    </svg>
  );
}
