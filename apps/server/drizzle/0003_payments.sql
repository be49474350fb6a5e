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
CREATE TABLE "sandbox_checkout_session" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"currency" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"amount_total" bigint NOT NULL,
	"application_fee_amount" bigint NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"customer_email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_intent_id" text,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkout_session_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
ALTER TABLE "payment_account" ADD CONSTRAINT "payment_account_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_session" ADD CONSTRAINT "sandbox_checkout_session_account_id_payment_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."payment_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_session" ADD CONSTRAINT "sandbox_checkout_session_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_account_organization_id_idx" ON "payment_account" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "payment_event_account_id_idx" ON "payment_event" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sandbox_checkout_session_organization_id_idx" ON "sandbox_checkout_session" USING btree ("organization_id");