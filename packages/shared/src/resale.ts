// Face-value resale and the waiting list (decision 035): what the organiser's dashboard reads.
import { z } from 'zod';

/** GET /api/events/:id/waitlist: fans waiting (and the tickets they want) and offers out now. */
export const waitlistCountsSchema = z.object({
  waiting: z.number().int(),
  waiting_tickets: z.number().int(),
  offered: z.number().int(),
});
export type WaitlistCounts = z.infer<typeof waitlistCountsSchema>;
