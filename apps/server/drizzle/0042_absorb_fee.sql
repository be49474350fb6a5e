-- Absorbing the booking fee (issue 32, decision 135): an event's switch, and on each order (and in the daily
-- roll-up) the fee the organiser absorbed, which fans did not pay.
ALTER TABLE "event" ADD COLUMN "absorb_fee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "absorbed_fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD COLUMN "absorbed_fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_absorbed_fee_check" CHECK ("order"."absorbed_fee_minor" >= 0 and ("order"."absorbed_fee_minor" = 0 or "order"."fee_minor" = 0));