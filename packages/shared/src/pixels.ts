// Ad pixels (decision 156, PRO): the organisation's Meta Pixel id and Google Analytics 4 measurement id, loaded on
// its storefront only after the fan accepts the consent notice.
import { z } from 'zod';

export const META_PIXEL_PATTERN = /^[0-9]{5,20}$/;
export const GA_MEASUREMENT_PATTERN = /^G-[A-Z0-9]{4,16}$/;

export const PIXEL_MESSAGES = {
  meta: 'A Meta Pixel ID is 5 to 20 digits',
  ga: 'A Google Analytics measurement ID looks like G-XXXXXXX (G- then 4 to 16 letters or digits)',
} as const;

const optionalId = (pattern: RegExp, message: string, upper = false) =>
  z
    .string()
    .trim()
    .max(40, message)
    .transform((value) => (upper ? value.toUpperCase() : value))
    .refine((value) => value === '' || pattern.test(value), message)
    .nullable()
    .transform((value) => (value ? value : null));

export const pixelSettingsInputSchema = z.object({
  meta_pixel_id: optionalId(META_PIXEL_PATTERN, PIXEL_MESSAGES.meta),
  ga_measurement_id: optionalId(GA_MEASUREMENT_PATTERN, PIXEL_MESSAGES.ga, true),
});
export type PixelSettingsInput = z.input<typeof pixelSettingsInputSchema>;

export const pixelSettingsSchema = z.object({
  meta_pixel_id: z.string().nullable(),
  ga_measurement_id: z.string().nullable(),
});
export type PixelSettings = z.infer<typeof pixelSettingsSchema>;
