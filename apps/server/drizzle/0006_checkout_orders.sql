CREATE TABLE "customer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"country" text,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"first_purchase_at" timestamp with time zone NOT NULL,
	"last_purchase_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"ticket_id" uuid,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_type" text NOT NULL,
	"actor_user_id" text,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"unit_fee_minor" bigint NOT NULL,
	CONSTRAINT "order_line_quantity_check" CHECK ("order_line"."quantity" > 0),
	CONSTRAINT "order_line_amounts_check" CHECK ("order_line"."unit_price_minor" >= 0 and "order_line"."unit_fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "request_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_organization_id_event_id_day_currency_pk" PRIMARY KEY("organization_id","event_id","day","currency")
);
--> statement-breakpoint
CREATE TABLE "ticket" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"holder_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "ticket_status_check" CHECK ("ticket"."status" in ('valid', 'void'))
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_status_check";--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_amounts_check";--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_paid_at_check";--> statement-breakpoint
ALTER TABLE "ticket_type" DROP CONSTRAINT "ticket_type_sold_check";--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_ticket_type_id_ticket_type_id_fk";
--> statement-breakpoint
DROP INDEX "order_organization_id_event_id_idx";--> statement-breakpoint
DROP INDEX "order_ticket_type_id_idx";--> statement-breakpoint
DROP INDEX "order_paid_customer_idx";--> statement-breakpoint
DROP INDEX "order_paid_event_idx";--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "ticket_type_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders made before checkout existed (none in a real deployment; benchmarks insert some) get a code and a token.
ALTER TABLE "order" ADD COLUMN "code" text NOT NULL DEFAULT ('MQ-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 8)));--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "access_token" text NOT NULL DEFAULT (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "access_token" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "submission_key" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "max_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_change" ADD CONSTRAINT "order_change_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_change" ADD CONSTRAINT "order_change_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_change" ADD CONSTRAINT "order_change_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_change" ADD CONSTRAINT "order_change_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_order_line_id_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_organization_email_idx" ON "customer" USING btree ("organization_id","email");--> statement-breakpoint
CREATE INDEX "customer_organization_first_purchase_idx" ON "customer" USING btree ("organization_id","first_purchase_at");--> statement-breakpoint
CREATE INDEX "order_change_order_id_idx" ON "order_change" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_line_order_id_idx" ON "order_line" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_line_ticket_type_id_idx" ON "order_line" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "sales_daily_organization_day_idx" ON "sales_daily" USING btree ("organization_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_code_idx" ON "ticket" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ticket_order_id_idx" ON "ticket" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ticket_event_id_idx" ON "ticket" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_code_idx" ON "order" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "order_access_token_idx" ON "order" USING btree ("access_token");--> statement-breakpoint
CREATE UNIQUE INDEX "order_checkout_session_idx" ON "order" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_submission_key_idx" ON "order" USING btree ("organization_id","submission_key");--> statement-breakpoint
CREATE INDEX "order_event_created_idx" ON "order" USING btree ("organization_id","event_id","created_at");--> statement-breakpoint
CREATE INDEX "order_customer_idx" ON "order" USING btree ("organization_id","customer_email");--> statement-breakpoint
CREATE INDEX "order_pending_hold_idx" ON "order" USING btree ("event_id","hold_expires_at") WHERE "order"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_inventory_check" CHECK ("event"."sold" >= 0 and "event"."held" >= 0 and ("event"."capacity" is null or "event"."sold" + "event"."held" <= "event"."capacity"));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_status_check" CHECK ("order"."status" in ('pending', 'paid', 'expired', 'cancelled', 'refunded', 'partially_refunded'));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_amounts_check" CHECK ("order"."amount_minor" >= 0 and "order"."fee_minor" >= 0 and "order"."refunded_minor" >= 0 and "order"."refunded_minor" <= "order"."amount_minor" + "order"."fee_minor");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_paid_at_check" CHECK ("order"."status" not in ('paid', 'partially_refunded') or "order"."paid_at" is not null);--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_max_per_order_check" CHECK ("ticket_type"."max_per_order" between 1 and 100);--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_sold_check" CHECK ("ticket_type"."sold" >= 0 and "ticket_type"."held" >= 0 and ("ticket_type"."capacity" is null or "ticket_type"."sold" + "ticket_type"."held" <= "ticket_type"."capacity"));