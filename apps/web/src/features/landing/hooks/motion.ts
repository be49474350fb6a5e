// Pure timing rules of the landing page (spec section 9): overlay, smooth scroll, rotating claims, menu exit.
export const OVERLAY_MS = 2000;
export const OVERLAY_FADE_MS = 500;
export const OVERLAY_REDUCED_MS = 200;
export const SMOOTH_SCROLL_MS = 1200;
export const CLAIM_ROTATION_MS = 4000;
export const MOBILE_MENU_EXIT_MS = 300;

export interface OverlayTiming {
  /** When the fade starts (ms after load). */
  fadeAt: number;
  /** When the overlay is removed (ms after load). */
  removeAt: number;
}

/** The overlay is gone 2 s after load and fades out over its last 0.5 s; under reduced motion it is brief and cuts. */
export function overlayTiming(reducedMotion: boolean): OverlayTiming {
  if (reducedMotion) return { fadeAt: OVERLAY_REDUCED_MS, removeAt: OVERLAY_REDUCED_MS };
  return { fadeAt: OVERLAY_MS - OVERLAY_FADE_MS, removeAt: OVERLAY_MS };
}

/** Ease-in-out cubic over t in [0, 1] (clamped). */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Scroll position `elapsed` ms into an animated scroll from `from` to `to` lasting `duration` ms. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0) return to;
  return from + (to - from) * easeInOutCubic(elapsed / duration);
}

/** The next index of a rotation through `length` items. */
export function nextIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return (index + 1) % length;
}

/** Milliseconds between frames for a frame-rate cap. */
export function frameInterval(fps: number): number {
  return 1000 / fps;
}

/**
 * Canvas backing-store size for a CSS size: the device pixel ratio is capped (1.5 for the hero) and the result
 * scaled (0.75 for the hero), never below 1 pixel.
 */
export function canvasPixelSize(cssSize: number, devicePixelRatio: number, maxRatio: number, scale: number): number {
  const ratio = Math.min(Math.max(devicePixelRatio || 1, 1), maxRatio);
  return Math.max(1, Math.round(cssSize * ratio * scale));
}
