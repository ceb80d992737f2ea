import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { buttonClassName } from './button-styles';

interface PdfDownloadButtonProps {
  /** Fetches and saves the document: through the API client, so the token stays in a header. */
  download(): Promise<void>;
  /** Names the document for screen readers ("Download invoice 2026-000123"). */
  ariaLabel: string;
  labels: { idle: string; busy: string; failed: string };
}

/** A row's document (an invoice, a hand-over sheet): busy while saved, a failure said under it. */
export function PdfDownloadButton({ download, ariaLabel, labels }: PdfDownloadButtonProps) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const start = () => {
    setState('busy');
    download().then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={start}
        disabled={state === 'busy'}
        aria-label={ariaLabel}
        className={buttonClassName('secondary')}
      >
        <FileDown aria-hidden className="size-4" />
        {state === 'busy' ? labels.busy : labels.idle}
      </button>
      {state === 'failed' && (
        <span role="alert" className="text-xs text-red-700">
          {labels.failed}
        </span>
      )}
    </span>
  );
}
