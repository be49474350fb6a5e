CREATE TABLE "payment_account" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"provider" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"last_event_created" bigint,
	"business_name" text,
	"business_type" text,
	"country" text,
	"address_line1" text,
	"address_city" text,
	"address_postal_code" text,
	"representative_name" text,
	"representative_dob" text,
	"registration_number" text,
	"bank_account_holder" text,
	"bank_last4" text,
	"bank_name" text,
	"payout_interval" text DEFAULT 'weekly' NOT NULL,
	"payout_day" text DEFAULT 'friday',
	"links_valid_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"account_id" text,
	"organization_id" text,
	"created" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_account" ADD CONSTRAINT "payment_account_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_account_organization_id_idx" ON "payment_account" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "payment_event_account_id_idx" ON "payment_event" USING btree ("account_id");