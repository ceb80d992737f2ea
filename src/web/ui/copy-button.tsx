import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';

/** docs/product.md, section 9: the Copied! hint shows for 1.2 s. */
export const COPIED_HINT_MS = 1_200;

/**
 * Writes text to the clipboard. The Clipboard API needs a secure context; the selection fallback
 * covers a plain-http address on a local network.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

interface CopyButtonProps {
  value: string;
  /** The button's accessible name, e.g. "Copy tracking number". */
  label: string;
  copiedLabel: string;
  failedLabel: string;
  className?: string;
}

/** An icon button that copies `value`, then says so for COPIED_HINT_MS in a live region. */
export function CopyButton({
  value,
  label,
  copiedLabel,
  failedLabel,
  className = '',
}: CopyButtonProps) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), COPIED_HINT_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  const Icon = result === 'copied' ? Check : Copy;
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      <button
        type="button"
        aria-label={label}
        title={label}
        onClick={async () => setResult((await copyText(value)) ? 'copied' : 'failed')}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-600 hover:border-slate-400 hover:text-slate-900"
      >
        <Icon aria-hidden="true" className="size-4" />
      </button>
      <span
        role="status"
        className={`text-xs font-semibold ${result === 'failed' ? 'text-red-700' : 'text-emerald-700'}`}
      >
        {result === 'copied' ? copiedLabel : result === 'failed' ? failedLabel : ''}
      </span>
    </span>
  );
}
