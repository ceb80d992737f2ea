/**
 * Reading Code 128 and QR codes from a camera stream (docs/decisions/0022-labels-manifests-scanning.md,
 * "Scanning"): the browser's own BarcodeDetector where it reads both formats (Android's Chrome),
 * else @zxing/browser, loaded only when a scanner opens so it stays out of every page's bundle.
 */

// Types only: erased from the bundle, so the library itself still loads on demand.
import type { DecodeHintType as HintType } from '@zxing/library';

/** The formats a label carries: the tracking number's Code 128 and the tracking link's QR. */
const LABEL_FORMATS = ['code_128', 'qr_code'] as const;

/** What a running reader gives back: stop it (the camera stream is its owner's to stop). */
export interface CodeReading {
  stop(): void;
}

/** The part of the (not yet typed) BarcodeDetector API we use. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** Why a camera could not be used, for the message the scanner shows. */
export type CameraProblem = 'denied' | 'absent' | 'failed';

/** The getUserMedia refusal, in the three cases a person can act on differently. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
  return 'failed';
}

/** True when the detector reads every format a label carries. */
export function readsLabelFormats(supported: readonly string[]): boolean {
  return LABEL_FORMATS.every((format) => supported.includes(format));
}

/**
 * Drops a code read again within `windowMs` of its last reading: a camera sees the same label
 * in many frames, and one label held up should count once.
 */
export function createRepeatFilter(windowMs: number, now: () => number = Date.now) {
  const lastSeen = new Map<string, number>();
  return (code: string): boolean => {
    const time = now();
    const seen = lastSeen.get(code);
    lastSeen.set(code, time);
    return seen === undefined || time - seen >= windowMs;
  };
}

/** The rear camera (a phone's back, which faces the parcel); any camera where there is one. */
export function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    // No camera API at all: an insecure page (plain http) or a browser without one.
    return Promise.reject(new DOMException('No camera API', 'NotFoundError'));
  }
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
}

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!readsLabelFormats(await Detector.getSupportedFormats())) return null;
    return new Detector({ formats: [...LABEL_FORMATS] });
  } catch {
    return null;
  }
}

/** How often the native detector looks at a frame: often enough to feel instant. */
const NATIVE_SCAN_INTERVAL_MS = 150;

function readWithDetector(
  detector: BarcodeDetectorLike,
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): CodeReading {
  let stopped = false;
  const timer = setInterval(() => {
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
    detector.detect(video).then(
      (codes) => {
        if (!stopped) for (const { rawValue } of codes) onCode(rawValue);
      },
      // A frame that cannot be read (the video resizing) is simply skipped.
      () => undefined,
    );
  }, NATIVE_SCAN_INTERVAL_MS);
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

async function readWithZxing(
  stream: MediaStream,
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<CodeReading> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const hints = new Map<HintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: 150 });
  let stopped = false;
  const controls = await reader.decodeFromStream(stream, video, (result) => {
    if (result && !stopped) onCode(result.getText());
  });
  return {
    stop() {
      stopped = true;
      controls.stop();
    },
  };
}

/** Starts reading codes from the stream shown in `video`, with the best reader this browser has. */
export async function startCodeReading(
  stream: MediaStream,
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<CodeReading> {
  const detector = await nativeDetector();
  if (detector) {
    video.srcObject = stream;
    await video.play();
    return readWithDetector(detector, video, onCode);
  }
  return readWithZxing(stream, video, onCode);
}
