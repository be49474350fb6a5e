CREATE TABLE "sandbox_refund" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text NOT NULL,
	"ticket_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decline_reason" text,
	"requested_by" text NOT NULL,
	"actor_user_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_failure" text,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refund_status_check" CHECK ("order_refund"."status" in ('requested', 'declined', 'pending', 'failed', 'succeeded')),
	CONSTRAINT "order_refund_amount_check" CHECK ("order_refund"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ticket" DROP CONSTRAINT "ticket_status_check";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "refunded_tickets" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_change" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "holder_email" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "transferred_from_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refund" ADD CONSTRAINT "order_refund_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund" ADD CONSTRAINT "order_refund_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund" ADD CONSTRAINT "order_refund_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund" ADD CONSTRAINT "order_refund_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_order_idx" ON "order_refund" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refund_open_request_idx" ON "order_refund" USING btree ("order_id") WHERE "order_refund"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "order_refund_unsettled_idx" ON "order_refund" USING btree ("updated_at") WHERE "order_refund"."status" in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_refunded_tickets_check" CHECK ("order"."refunded_tickets" >= 0 and "order"."refunded_tickets" <= "order"."quantity");--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_status_check" CHECK ("ticket"."status" in ('valid', 'void', 'refunded', 'transferred'));