ALTER TABLE "ticket" DROP CONSTRAINT "ticket_status_check";--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each ticket's one state (decision 046), from what the old columns said: 'void' was either resold (its listing
-- sold) or cancelled with its event; a valid ticket was listed (an open listing), checked in (checked_in_at) or
-- refunded/cancelled with its whole order.
UPDATE "ticket" t SET "status" = 'resold'
  WHERE t."status" = 'void' AND EXISTS (SELECT 1 FROM "resale_listing" l WHERE l."ticket_id" = t."id" AND l."status" = 'sold');--> statement-breakpoint
UPDATE "ticket" SET "status" = 'cancelled' WHERE "status" = 'void';--> statement-breakpoint
UPDATE "ticket" t SET "status" = 'refunded', "voided_at" = coalesce(t."voided_at", o."updated_at")
  FROM "order" o WHERE o."id" = t."order_id" AND t."status" = 'valid' AND o."status" = 'refunded';--> statement-breakpoint
UPDATE "ticket" t SET "status" = 'cancelled', "voided_at" = coalesce(t."voided_at", o."updated_at")
  FROM "order" o WHERE o."id" = t."order_id" AND t."status" = 'valid' AND o."status" IN ('cancelled', 'expired');--> statement-breakpoint
UPDATE "ticket" t SET "status" = 'listed'
  WHERE t."status" = 'valid' AND EXISTS (SELECT 1 FROM "resale_listing" l WHERE l."ticket_id" = t."id" AND l."status" = 'listed');--> statement-breakpoint
UPDATE "ticket" SET "status" = 'checked_in' WHERE "status" = 'valid' AND "checked_in_at" IS NOT NULL;--> statement-breakpoint
UPDATE "ticket" SET "checked_in_at" = NULL WHERE "status" = 'listed';--> statement-breakpoint
UPDATE "ticket" t SET "refunded_minor" = l."unit_price_minor"
  FROM "order_line" l WHERE l."id" = t."order_line_id" AND t."status" IN ('refunded', 'resold');--> statement-breakpoint
CREATE INDEX "ticket_event_state_idx" ON "ticket" USING btree ("event_id","status") WHERE "ticket"."status" in ('checked_in', 'listed');--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_checked_in_at_check" CHECK (("ticket"."status" <> 'checked_in' or "ticket"."checked_in_at" is not null) and ("ticket"."status" not in ('valid', 'listed') or "ticket"."checked_in_at" is null));--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_refunded_minor_check" CHECK ("ticket"."refunded_minor" >= 0);--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_status_check" CHECK (status in ('valid', 'checked_in', 'listed', 'transferred', 'resold', 'refunded', 'cancelled'));