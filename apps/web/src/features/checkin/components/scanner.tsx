// The phone's camera reading QR codes: the browser's BarcodeDetector where it exists, otherwise jsQR on video
// frames (loaded only then). Every code seen on every frame is reported to `onRead`; the door's read gate
// (read-gate.ts) decides which sightings are new scans.
import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

async function makeReader(): Promise<(video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string[]>> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video)).map((code) => code.rawValue);
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return [];
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return [];
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    const code = jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' });
    return code?.data ? [code.data] : [];
  };
}

export function Scanner({ onRead, onClose }: { onRead: (payload: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<string | null>(null);
  const report = useRef(onRead);
  useEffect(() => {
    report.current = onRead;
  }, [onRead]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await makeReader();
        const tick = async () => {
          if (stopped || !video.current || !canvas.current) return;
          const values = await read(video.current, canvas.current).catch(() => []);
          if (stopped) return;
          for (const value of values) if (value) report.current(value);
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
