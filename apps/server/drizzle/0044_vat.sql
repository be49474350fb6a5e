-- VAT (issue 32 point 3, decision 138): an organisation's registration, and on each order line, add-on line and
-- order the VAT inside the prices and the booking fee when sold, so a changed rate never rewrites past orders.
CREATE TABLE "organization_tax" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'GB' NOT NULL,
	"rate_bp" integer DEFAULT 2000 NOT NULL,
	"prices_include_vat" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_tax_rate_check" CHECK ("organization_tax"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "order_add_on" ADD COLUMN "unit_vat_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_add_on" ADD COLUMN "vat_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "vat_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "fee_vat_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "unit_vat_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "vat_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_tax" ADD CONSTRAINT "organization_tax_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;