CREATE TABLE "plan_event" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"organization_id" text,
	"outcome" text NOT NULL,
	"created" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_invoice" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"number" text NOT NULL,
	"provider" text NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plan_invoice_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"checkout_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_plan" ADD COLUMN "end_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_event" ADD CONSTRAINT "plan_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoice" ADD CONSTRAINT "plan_invoice_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_subscription" ADD CONSTRAINT "sandbox_subscription_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invoice_provider_invoice_idx" ON "plan_invoice" USING btree ("provider","provider_invoice_id","status");--> statement-breakpoint
CREATE INDEX "plan_invoice_organization_idx" ON "plan_invoice" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE INDEX "sandbox_subscription_period_idx" ON "sandbox_subscription" USING btree ("status","current_period_end");
--> statement-breakpoint
-- hand-written
CREATE SEQUENCE "plan_invoice_number_seq";
