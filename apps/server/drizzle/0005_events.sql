CREATE TABLE "event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"artwork_url" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"last_entry_at" timestamp with time zone,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"lineup" text[] DEFAULT '{}'::text[] NOT NULL,
	"minimum_age" integer DEFAULT 0 NOT NULL,
	"terms_of_service" text DEFAULT '' NOT NULL,
	"sold_on_entry" boolean DEFAULT true NOT NULL,
	"refunds_allowed" boolean DEFAULT true NOT NULL,
	"resale_allowed" boolean DEFAULT false NOT NULL,
	"remove_on_event_end" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_status_check" CHECK ("event"."status" in ('draft', 'live', 'archived', 'cancelled')),
	CONSTRAINT "event_minimum_age_check" CHECK ("event"."minimum_age" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "event_status_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"customer_email" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "order_status_check" CHECK ("order"."status" in ('pending', 'paid', 'refunded', 'cancelled')),
	CONSTRAINT "order_quantity_check" CHECK ("order"."quantity" > 0),
	CONSTRAINT "order_amounts_check" CHECK ("order"."amount_minor" >= 0 and "order"."fee_minor" >= 0),
	CONSTRAINT "order_paid_at_check" CHECK ("order"."status" <> 'paid' or "order"."paid_at" is not null),
	CONSTRAINT "order_customer_email_check" CHECK ("order"."customer_email" = lower("order"."customer_email"))
);
--> statement-breakpoint
CREATE TABLE "ticket_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text DEFAULT 'General Admission' NOT NULL,
	"price_minor" bigint,
	"currency" text NOT NULL,
	"capacity" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_type_sold_check" CHECK ("ticket_type"."sold" >= 0 and ("ticket_type"."capacity" is null or "ticket_type"."sold" <= "ticket_type"."capacity")),
	CONSTRAINT "ticket_type_capacity_check" CHECK ("ticket_type"."capacity" is null or "ticket_type"."capacity" >= 0),
	CONSTRAINT "ticket_type_price_check" CHECK ("ticket_type"."price_minor" is null or "ticket_type"."price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_status_change" ADD CONSTRAINT "event_status_change_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_status_change" ADD CONSTRAINT "event_status_change_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_status_change" ADD CONSTRAINT "event_status_change_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_organization_id_idx" ON "event" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_live_ends_at_idx" ON "event" USING btree ("ends_at") WHERE "event"."status" = 'live' and "event"."remove_on_event_end";--> statement-breakpoint
CREATE INDEX "event_status_change_event_id_idx" ON "event_status_change" USING btree ("event_id","at");--> statement-breakpoint
CREATE INDEX "order_organization_id_created_at_idx" ON "order" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "order_organization_id_event_id_idx" ON "order" USING btree ("organization_id","event_id");--> statement-breakpoint
CREATE INDEX "order_ticket_type_id_idx" ON "order" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "order_paid_customer_idx" ON "order" USING btree ("organization_id","customer_email","paid_at","amount_minor","quantity","currency") WHERE "order"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "order_paid_event_idx" ON "order" USING btree ("organization_id","event_id","amount_minor","quantity") WHERE "order"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "ticket_type_event_id_idx" ON "ticket_type" USING btree ("event_id","sort");--> statement-breakpoint
CREATE INDEX "ticket_type_organization_id_idx" ON "ticket_type" USING btree ("organization_id");