// The footer's animated background: loads the scene file, waits for its canvas to be laid out (retrying every
// 100 ms), then draws at the scene's frame rate (60 fps) while visible. When the scene cannot be loaded it warns
// on the console and the static gradient behind the canvas stays.
import { useEffect, useRef, useState } from 'react';
import sceneUrl from '../assets/footer-scene.json?url';
import { canvasPixelSize, frameInterval } from '../hooks/motion';
import { prefersReducedMotion } from '../hooks/use-reduced-motion';
import { drawFooterScene, parseFooterScene, type FooterScene } from './footer-scene';

const RETRY_MS = 100;
const MAX_RETRIES = 50;
const MAX_PIXEL_RATIO = 1.5;

async function loadScene(signal: AbortSignal): Promise<FooterScene> {
  const response = await fetch(sceneUrl, { signal });
  if (!response.ok) throw new Error(`footer scene answered ${response.status}`);
  return parseFooterScene(await response.json());
}

export function FooterCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [isReady, setIsReady] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let frame: number | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let cleanupRenderer: (() => void) | null = null;

    const start = (scene: FooterScene, attempt: number) => {
      const canvas = canvasRef.current;
      const context = canvas?.getContext('2d');
      // The renderer needs a mounted, laid-out canvas; until then try again every 100 ms.
      if (!canvas || !context || canvas.clientWidth === 0 || canvas.clientHeight === 0) {
        if (attempt < MAX_RETRIES) retry = setTimeout(() => start(scene, attempt + 1), RETRY_MS);
        else console.warn('Footer animation skipped: its canvas never became ready.');
        return;
      }
      const reducedMotion = prefersReducedMotion();
      const startedAt = performance.now();
      let lastDrawn = -Infinity;
      let isOnScreen = false;
      const draw = (now: number) => {
        const width = canvasPixelSize(canvas.clientWidth, window.devicePixelRatio, MAX_PIXEL_RATIO, 1);
        const height = canvasPixelSize(canvas.clientHeight, window.devicePixelRatio, MAX_PIXEL_RATIO, 1);
        if (canvas.width !== width || canvas.height !== height) {
          canvas.width = width;
          canvas.height = height;
        }
        drawFooterScene(context, scene, width, height, reducedMotion ? 4 : (now - startedAt) / 1000);
      };
      const loop = (now: number) => {
        frame = requestAnimationFrame(loop);
        if (now - lastDrawn < frameInterval(scene.fps) - 1) return;
        lastDrawn = now;
        draw(now);
      };
      const sync = () => {
        const shouldRun = !reducedMotion && isOnScreen && document.visibilityState === 'visible';
        if (shouldRun && frame === null) frame = requestAnimationFrame(loop);
        if (!shouldRun && frame !== null) {
          cancelAnimationFrame(frame);
          frame = null;
        }
      };
      const observer =
        typeof IntersectionObserver === 'undefined'
          ? null
          : new IntersectionObserver(([entry]) => {
              isOnScreen = entry?.isIntersecting ?? true;
              sync();
            });
      if (observer) observer.observe(canvas);
      else isOnScreen = true;
      const onResize = () => draw(performance.now());
      document.addEventListener('visibilitychange', sync);
      window.addEventListener('resize', onResize);
      draw(startedAt);
      setIsReady(true);
      sync();
      cleanupRenderer = () => {
        observer?.disconnect();
        document.removeEventListener('visibilitychange', sync);
        window.removeEventListener('resize', onResize);
      };
    };

    loadScene(controller.signal).then(
      (scene) => start(scene, 0),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Footer animation skipped: the scene could not be loaded.', error);
      },
    );

    return () => {
      controller.abort();
      if (retry) clearTimeout(retry);
      if (frame !== null) cancelAnimationFrame(frame);
      cleanupRenderer?.();
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      data-testid="footer-canvas"
      data-ready={isReady || undefined}
      aria-hidden="true"
      className={`pointer-events-none absolute inset-0 h-full w-full transition-opacity duration-700 ${
        isReady ? 'opacity-100' : 'opacity-0'
      }`}
    />
  );
}
