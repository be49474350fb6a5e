CREATE TABLE "cancellation_refund" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_failure" text,
	"provider_refund_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellation_refund_status_check" CHECK ("cancellation_refund"."status" in ('failed', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "event_cancellation" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" text,
	"cancelled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cancellation_refund" ADD CONSTRAINT "cancellation_refund_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_refund" ADD CONSTRAINT "cancellation_refund_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_refund" ADD CONSTRAINT "cancellation_refund_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cancellation" ADD CONSTRAINT "event_cancellation_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cancellation" ADD CONSTRAINT "event_cancellation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cancellation" ADD CONSTRAINT "event_cancellation_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellation_refund_event_idx" ON "cancellation_refund" USING btree ("event_id","status");