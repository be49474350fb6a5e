// The hero animation: raw WebGL, one full-screen triangle and a small fragment shader of sweeping stage-light
// beams. Capped at 30 fps, rendered at 0.75 scale with the device pixel ratio capped at 1.5, paused while
// off-screen or in a hidden tab, and a single still frame under reduced motion. Without WebGL it is skipped with
// a console warning only.
import { useEffect, useRef, useState } from 'react';
import { canvasPixelSize, frameInterval } from '../hooks/motion';
import { prefersReducedMotion } from '../hooks/use-reduced-motion';

const FPS = 30;
const RENDER_SCALE = 0.75;
const MAX_PIXEL_RATIO = 1.5;

const VERTEX_SHADER = `
attribute vec2 a_position;
void main() { gl_Position = vec4(a_position, 0.0, 1.0); }
`;

const FRAGMENT_SHADER = `
precision mediump float;
uniform vec2 u_resolution;
uniform float u_time;

float hash(vec2 p) { return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453); }

// A light beam from origin o, swinging around straight down by angle a, with a soft edge of width w.
float beam(vec2 p, vec2 o, float a, float w) {
  vec2 d = p - o;
  if (d.y > 0.0) return 0.0;
  float angle = atan(d.x, -d.y);
  float edge = smoothstep(w, 0.0, abs(angle - a));
  float fall = smoothstep(2.2, 0.0, length(d));
  return edge * fall;
}

void main() {
  vec2 uv = gl_FragCoord.xy / u_resolution;
  vec2 p = (gl_FragCoord.xy - 0.5 * u_resolution) / u_resolution.y;
  float t = u_time;
  float top = 0.5 * u_resolution.x / u_resolution.y;
  float light = 0.0;
  light += beam(p, vec2(-top * 0.8, 0.62), 0.55 + 0.32 * sin(t * 0.31), 0.10);
  light += beam(p, vec2(-top * 0.25, 0.62), 0.20 * sin(t * 0.23 + 1.7), 0.07) * 0.8;
  light += beam(p, vec2(top * 0.3, 0.62), -0.15 + 0.28 * sin(t * 0.27 + 3.1), 0.08) * 0.9;
  light += beam(p, vec2(top * 0.85, 0.62), -0.5 + 0.3 * sin(t * 0.19 + 0.6), 0.11);
  // Haze where the beams meet the floor, and a slow horizon glow.
  float floorGlow = smoothstep(0.55, 0.0, uv.y) * (0.25 + 0.15 * sin(uv.x * 6.0 + t * 0.4));
  float grain = (hash(gl_FragCoord.xy + fract(t) * 100.0) - 0.5) * 0.05;
  float intensity = clamp(light * 0.55 + floorGlow * 0.5 + grain, 0.0, 1.0);
  vec3 green = vec3(0.0, 0.918, 0.435);
  vec3 colour = mix(green, vec3(0.85, 1.0, 0.92), clamp(light - 0.9, 0.0, 1.0));
  gl_FragColor = vec4(colour * intensity, intensity);
}
`;

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader | null {
  const shader = gl.createShader(type);
  if (!shader) return null;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    console.warn('Hero animation shader did not compile:', gl.getShaderInfoLog(shader));
    gl.deleteShader(shader);
    return null;
  }
  return shader;
}

function createProgram(gl: WebGLRenderingContext): WebGLProgram | null {
  const vertex = compile(gl, gl.VERTEX_SHADER, VERTEX_SHADER);
  const fragment = compile(gl, gl.FRAGMENT_SHADER, FRAGMENT_SHADER);
  if (!vertex || !fragment) return null;
  const program = gl.createProgram();
  if (!program) return null;
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    console.warn('Hero animation program did not link:', gl.getProgramInfoLog(program));
    return null;
  }
  return program;
}

function getContext(canvas: HTMLCanvasElement): WebGLRenderingContext | null {
  try {
    return canvas.getContext('webgl', { antialias: false, premultipliedAlpha: true, powerPreference: 'low-power' });
  } catch {
    return null;
  }
}

export function HeroCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [isAvailable, setIsAvailable] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const gl = getContext(canvas);
    const program = gl ? createProgram(gl) : null;
    if (!gl || !program) {
      if (!gl) console.warn('WebGL is unavailable; the hero animation is skipped.');
      setIsAvailable(false);
      return;
    }

    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
    gl.useProgram(program);
    const position = gl.getAttribLocation(program, 'a_position');
    gl.enableVertexAttribArray(position);
    gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
    const resolution = gl.getUniformLocation(program, 'u_resolution');
    const time = gl.getUniformLocation(program, 'u_time');

    const reducedMotion = prefersReducedMotion();
    const startedAt = performance.now();
    let frame: number | null = null;
    let lastDrawn = -Infinity;
    let isOnScreen = true;
    let isLost = false;

    const resize = () => {
      const width = canvasPixelSize(canvas.clientWidth, window.devicePixelRatio, MAX_PIXEL_RATIO, RENDER_SCALE);
      const height = canvasPixelSize(canvas.clientHeight, window.devicePixelRatio, MAX_PIXEL_RATIO, RENDER_SCALE);
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
    };

    const draw = (now: number) => {
      resize();
      gl.viewport(0, 0, canvas.width, canvas.height);
      gl.uniform2f(resolution, canvas.width, canvas.height);
      // Under reduced motion the still frame is a pleasing moment of the sweep rather than t = 0.
      gl.uniform1f(time, reducedMotion ? 7.5 : (now - startedAt) / 1000);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
    };

    const loop = (now: number) => {
      frame = requestAnimationFrame(loop);
      if (now - lastDrawn < frameInterval(FPS) - 1) return;
      lastDrawn = now;
      draw(now);
    };

    const shouldRun = () => !reducedMotion && !isLost && isOnScreen && document.visibilityState === 'visible';
    const sync = () => {
      if (shouldRun() && frame === null) frame = requestAnimationFrame(loop);
      if (!shouldRun() && frame !== null) {
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
    observer?.observe(canvas);
    const onResize = () => {
      if (reducedMotion && !isLost) draw(performance.now());
    };
    const onContextLost = (event: Event) => {
      event.preventDefault();
      isLost = true;
      sync();
      console.warn('WebGL context lost; the hero animation has stopped.');
    };
    document.addEventListener('visibilitychange', sync);
    window.addEventListener('resize', onResize);
    canvas.addEventListener('webglcontextlost', onContextLost);
    if (reducedMotion) draw(performance.now());
    sync();

    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      observer?.disconnect();
      document.removeEventListener('visibilitychange', sync);
      window.removeEventListener('resize', onResize);
      canvas.removeEventListener('webglcontextlost', onContextLost);
      gl.deleteBuffer(buffer);
      gl.deleteProgram(program);
    };
  }, []);

  if (!isAvailable) return null;
  return (
    <canvas
      ref={canvasRef}
      data-testid="hero-canvas"
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 h-full w-full opacity-75 dark:opacity-100"
    />
  );
}
