import { useState } from 'react';
import { Download } from 'lucide-react';
import { buttonClassName } from './button-styles';

export interface CsvDownloadLabels {
  idle: string;
  busy: string;
  failed: string;
}

interface CsvDownloadButtonProps {
  /** Fetches and saves the file: through the API client, so the token stays in a header. */
  download(): Promise<void>;
  labels: CsvDownloadLabels;
  /** Tells a failure where the area tells them (the back office's toasts). */
  onFailed?(message: string): void;
  disabled?: boolean;
}

/**
 * A list's "Download CSV": busy while the file is prepared; a failure goes to `onFailed`, or,
 * in an area without toasts, shows under the button until the next try.
 */
export function CsvDownloadButton({
  download,
  labels,
  onFailed,
  disabled = false,
}: CsvDownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <button
        type="button"
        disabled={busy || disabled}
        aria-busy={busy || undefined}
        onClick={async () => {
          setBusy(true);
          setFailed(false);
          try {
            await download();
          } catch {
            if (onFailed) onFailed(labels.failed);
            else setFailed(true);
          } finally {
            setBusy(false);
          }
        }}
        className={buttonClassName('secondary')}
      >
        <Download aria-hidden="true" className="size-4" />
        {busy ? labels.busy : labels.idle}
      </button>
      {failed && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {labels.failed}
        </p>
      )}
    </div>
  );
}
