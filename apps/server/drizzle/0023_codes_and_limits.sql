CREATE TABLE "buyer_tickets" (
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"max_tickets" integer NOT NULL,
	CONSTRAINT "buyer_tickets_event_id_email_pk" PRIMARY KEY("event_id","email"),
	CONSTRAINT "buyer_tickets_limit_check" CHECK ("buyer_tickets"."tickets" >= 0 and "buyer_tickets"."tickets" <= "buyer_tickets"."max_tickets")
);
--> statement-breakpoint
CREATE TABLE "event_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"batch_id" uuid,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"discount_kind" text,
	"discount_value" integer,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"max_tickets_per_order" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_code_kind_check" CHECK ("event_code"."kind" in ('access', 'promo')),
	CONSTRAINT "event_code_uses_check" CHECK ("event_code"."uses" >= 0 and ("event_code"."max_uses" is null or "event_code"."uses" <= "event_code"."max_uses")),
	CONSTRAINT "event_code_discount_check" CHECK (("event_code"."kind" = 'access') or ("event_code"."discount_kind" = 'percent' and "event_code"."discount_value" between 1 and 100) or ("event_code"."discount_kind" = 'fixed' and "event_code"."discount_value" > 0))
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "sales_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "sales_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "max_tickets_per_order" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "max_tickets_per_email" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "sales_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "sales_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "access_code_id" uuid;--> statement-breakpoint
ALTER TABLE "buyer_tickets" ADD CONSTRAINT "buyer_tickets_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_tickets" ADD CONSTRAINT "buyer_tickets_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_code" ADD CONSTRAINT "event_code_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_code" ADD CONSTRAINT "event_code_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_tickets_organization_idx" ON "buyer_tickets" USING btree ("organization_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "event_code_event_code_idx" ON "event_code" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "event_code_organization_code_idx" ON "event_code" USING btree ("organization_id","code");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_promo_code_id_event_code_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."event_code"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_access_code_id_event_code_id_fk" FOREIGN KEY ("access_code_id") REFERENCES "public"."event_code"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_ticket_limits_check" CHECK ("event"."max_tickets_per_order" between 1 and 100 and "event"."max_tickets_per_email" between 1 and 1000);