// The footer's animated background: a scene file (assets/footer-scene.json) describing glowing orbs, waves and
// dashed paths in coordinates relative to the canvas (0..1), and a pure drawing function for one frame.
import { z } from 'zod';

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const unit = z.number().min(-1).max(2);

const orbSchema = z.object({
  type: z.literal('orb'),
  x: unit,
  y: unit,
  radius: z.number().positive(),
  color: colour,
  alpha: z.number().min(0).max(1),
  drift: z.object({ x: z.number(), y: z.number() }),
  period: z.number().positive(),
});

const waveSchema = z.object({
  type: z.literal('wave'),
  y: unit,
  amplitude: z.number(),
  wavelength: z.number().positive(),
  speed: z.number(),
  color: colour,
  alpha: z.number().min(0).max(1),
  lineWidth: z.number().positive(),
});

const pathSchema = z.object({
  type: z.literal('path'),
  points: z.array(z.tuple([unit, unit])).min(2),
  color: colour,
  alpha: z.number().min(0).max(1),
  lineWidth: z.number().positive(),
  dash: z.tuple([z.number().positive(), z.number().positive()]),
  speed: z.number(),
});

export const footerSceneSchema = z.object({
  version: z.literal(1),
  fps: z.number().int().min(1).max(120),
  background: colour,
  shapes: z.array(z.discriminatedUnion('type', [orbSchema, waveSchema, pathSchema])).min(1),
});

export type FooterScene = z.infer<typeof footerSceneSchema>;

/** Validates a loaded scene; throws with a short reason when it is not one. */
export function parseFooterScene(data: unknown): FooterScene {
  const result = footerSceneSchema.safeParse(data);
  if (!result.success) throw new Error(`invalid footer scene: ${result.error.issues[0]?.message ?? 'unknown'}`);
  return result.data;
}

function rgba(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/** Position of an orb at `seconds`: it drifts along an ellipse of its drift radii once per period. */
export function orbPosition(orb: z.infer<typeof orbSchema>, seconds: number): { x: number; y: number } {
  const phase = (seconds / orb.period) * Math.PI * 2;
  return { x: orb.x + Math.cos(phase) * orb.drift.x, y: orb.y + Math.sin(phase) * orb.drift.y };
}

/** Draws the scene at `seconds` onto a 2D context of the given pixel size. */
export function drawFooterScene(
  context: CanvasRenderingContext2D,
  scene: FooterScene,
  width: number,
  height: number,
  seconds: number,
) {
  context.globalCompositeOperation = 'source-over';
  context.setLineDash([]);
  context.fillStyle = scene.background;
  context.fillRect(0, 0, width, height);
  const size = Math.max(width, height);
  for (const shape of scene.shapes) {
    if (shape.type === 'orb') {
      const { x, y } = orbPosition(shape, seconds);
      const radius = shape.radius * size;
      const gradient = context.createRadialGradient(x * width, y * height, 0, x * width, y * height, radius);
      gradient.addColorStop(0, rgba(shape.color, shape.alpha));
      gradient.addColorStop(1, rgba(shape.color, 0));
      context.globalCompositeOperation = 'lighter';
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      context.globalCompositeOperation = 'source-over';
    } else if (shape.type === 'wave') {
      context.beginPath();
      context.strokeStyle = rgba(shape.color, shape.alpha);
      context.lineWidth = shape.lineWidth;
      const steps = 96;
      for (let step = 0; step <= steps; step += 1) {
        const u = step / steps;
        const y = shape.y + shape.amplitude * Math.sin((u / shape.wavelength + seconds * shape.speed) * Math.PI * 2);
        if (step === 0) context.moveTo(u * width, y * height);
        else context.lineTo(u * width, y * height);
      }
      context.stroke();
    } else {
      context.beginPath();
      context.strokeStyle = rgba(shape.color, shape.alpha);
      context.lineWidth = shape.lineWidth;
      context.setLineDash(shape.dash);
      context.lineDashOffset = -seconds * shape.speed * 100;
      shape.points.forEach(([x, y], index) => {
        if (index === 0) context.moveTo(x * width, y * height);
        else context.lineTo(x * width, y * height);
      });
      context.stroke();
      context.setLineDash([]);
    }
  }
}
