import '../../i18n/scanning-strings';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraOff, ScanLine, X } from 'lucide-react';
import { buttonClassName } from '../button-styles';
import { inputClassName, labelClassName } from '../input-styles';
import {
  cameraProblemOf,
  createRepeatFilter,
  openRearCamera,
  startCodeReading,
  type CameraProblem,
  type CodeReading,
} from './code-reading';

/** How long the same label in front of the camera counts as one reading. */
const SAME_CODE_WINDOW_MS = 2500;

type CameraState = 'starting' | 'reading' | CameraProblem;

interface BarcodeScannerProps {
  /** A code read by the camera or typed: as read, for #shared/scanned-code to make sense of. */
  onCode(text: string): void;
  onClose(): void;
}

/**
 * The camera scanner (docs/decisions/0022-labels-manifests-scanning.md, "Scanning"): the rear
 * camera's picture while it reads labels' Code 128 and QR codes, a plain message when there is
 * no camera or it was refused, and always a field to type the number. The camera stops when the
 * scanner closes or its screen goes away.
 */
export function BarcodeScanner({ onCode, onClose }: BarcodeScannerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [typed, setTyped] = useState('');
  const inputId = useId();

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let closed = false;
    let stream: MediaStream | undefined;
    let reading: CodeReading | undefined;
    const isNew = createRepeatFilter(SAME_CODE_WINDOW_MS);
    const stopCamera = () => {
      reading?.stop();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    openRearCamera()
      .then(async (opened) => {
        stream = opened;
        if (closed || !videoRef.current) return stopCamera();
        reading = await startCodeReading(opened, videoRef.current, (text) => {
          if (isNew(text)) onCodeRef.current(text);
        });
        if (closed) return stopCamera();
        setCamera('reading');
      })
      .catch((error: unknown) => {
        stopCamera();
        if (!closed) setCamera(cameraProblemOf(error));
      });
    return () => {
      closed = true;
      stopCamera();
    };
  }, []);

  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    onCode(typed);
    setTyped('');
  };

  const cameraWorks = camera === 'starting' || camera === 'reading';
  return (
    <section
      aria-label={t('scanning.scanner.title')}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <ScanLine aria-hidden="true" className="size-5 text-brand-700" />
          {t('scanning.scanner.title')}
        </h2>
        <button type="button" onClick={onClose} className={buttonClassName('ghost')}>
          <X aria-hidden="true" className="size-4" />
          {t('scanning.scanner.close')}
        </button>
      </div>

      {cameraWorks ? (
        <div className="flex flex-col gap-2">
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label={t('scanning.scanner.camera')}
            className="aspect-video w-full rounded-lg bg-slate-900 object-cover"
          />
          <p role="status" className="text-sm text-slate-600">
            {camera === 'starting' ? t('scanning.scanner.starting') : t('scanning.scanner.aim')}
          </p>
        </div>
      ) : (
        <p
          role="alert"
          className="flex gap-2 rounded-lg bg-slate-100 p-3 text-sm font-medium text-slate-800"
        >
          <CameraOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t(`scanning.scanner.${camera}`)}
        </p>
      )}

      <form onSubmit={submitTyped} className="flex flex-col gap-2" noValidate>
        <label htmlFor={inputId} className={labelClassName}>
          {t('scanning.scanner.typedLabel')}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            placeholder="MA-7K3Q-9ZP2"
            className={`${inputClassName()} font-mono`}
          />
          <button type="submit" className={buttonClassName('primary')}>
            {t('scanning.scanner.find')}
          </button>
        </div>
      </form>
    </section>
  );
}
