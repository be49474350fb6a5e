-- Adaptive admission (decision 148). The organiser's rate is now a ceiling, 8,400 a minute by default, and the
-- rate admitted follows the admitted fans' checkout below it: event_queue keeps that rate and its state, shared by
-- every app process. A rate is the organiser's choice from now on when they save one (queue_rate_chosen). Before,
-- only the default 900 cannot be told from a choice: any other stored rate was set (or is the 3,000 default from
-- before migration 0031, which that migration already left as the organiser's), so it is kept and marked chosen;
-- a stored 900 follows the new default. The adaptive rate starts at 900 (QUEUE_START_RATE_PER_MINUTE), so a queue
-- already open keeps admitting at most as before and climbs only while checkouts stay fast.
ALTER TABLE "event" ALTER COLUMN "queue_rate_per_minute" SET DEFAULT 8400;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "queue_rate_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_queue" ADD COLUMN "admit_rate_per_minute" double precision DEFAULT 900 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_queue" ADD COLUMN "rate_stepped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_queue" ADD COLUMN "slowed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_queue" ADD COLUMN "slowed_checkout_ms" double precision;--> statement-breakpoint
ALTER TABLE "event_queue" ADD COLUMN "checkout_ms" double precision;--> statement-breakpoint
ALTER TABLE "event_queue" ADD COLUMN "checkout_at" timestamp with time zone;--> statement-breakpoint
UPDATE "event" SET "queue_rate_chosen" = true WHERE "queue_rate_per_minute" <> 900;--> statement-breakpoint
UPDATE "event" SET "queue_rate_per_minute" = 8400 WHERE NOT "queue_rate_chosen";