// The phone's camera reading QR codes: the browser's BarcodeDetector where it exists, otherwise jsQR on video
// frames (loaded only then). The same code is not reported again for 2.5 seconds, so a ticket held in front of
// the camera is judged once.
import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

async function makeReader(): Promise<(video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

export function Scanner({ onScan, onClose }: { onScan: (payload: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<string | null>(null);
  const report = useRef(onScan);
  useEffect(() => {
    report.current = onScan;
  }, [onScan]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let lastValue = '';
    let lastAt = 0;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await makeReader();
        const tick = async () => {
          if (stopped || !video.current || !canvas.current) return;
          const value = await read(video.current, canvas.current).catch(() => null);
          const now = Date.now();
          if (value && (value !== lastValue || now - lastAt > 2500)) {
            lastValue = value;
            lastAt = now;
            report.current(value);
          }
          window.setTimeout(() => void tick(), 150);
        };
        void tick();
      } catch {
        setError('The camera could not be opened. Allow camera access, or type the ticket code below.');
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="border-border overflow-hidden rounded-xl border">
      {error ? (
        <p role="alert" className="p-4 text-sm">
          {error}
        </p>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera view"
          className="aspect-square w-full bg-black object-cover"
        />
      )}
      <canvas ref={canvas} hidden />
      <button
        type="button"
        onClick={onClose}
        className="border-border w-full border-t py-3 font-mono text-xs font-semibold uppercase tracking-wide"
      >
        Stop camera
      </button>
    </div>
  );
}
