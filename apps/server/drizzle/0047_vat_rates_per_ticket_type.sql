-- VAT rates per ticket type (issue 32 point 3, decision 139): a registration's up to two reduced rates; each ticket
-- type and add-on sells in a VAT category (standard, reduced, reduced_2, zero, exempt); each order line and add-on
-- line keeps its category as sold (null: the seller was not registered), so zero-rated and exempt are told apart
-- later. Lines sold with VAT before this change were sold at the one (standard) rate: they are marked so.
ALTER TABLE "add_on" ADD COLUMN "vat_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_add_on" ADD COLUMN "vat_category" text;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "vat_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_tax" ADD COLUMN "reduced_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "organization_tax" ADD COLUMN "second_reduced_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "vat_category" text;--> statement-breakpoint
ALTER TABLE "add_on" ADD CONSTRAINT "add_on_vat_category_check" CHECK ("add_on"."vat_category" in ('standard', 'reduced', 'reduced_2', 'zero', 'exempt'));--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_vat_category_check" CHECK ("ticket_type"."vat_category" in ('standard', 'reduced', 'reduced_2', 'zero', 'exempt'));--> statement-breakpoint
ALTER TABLE "organization_tax" ADD CONSTRAINT "organization_tax_reduced_rates_check" CHECK (("organization_tax"."reduced_rate_bp" is null or "organization_tax"."reduced_rate_bp" between 0 and 10000) and ("organization_tax"."second_reduced_rate_bp" is null or ("organization_tax"."reduced_rate_bp" is not null and "organization_tax"."second_reduced_rate_bp" between 0 and 10000)));--> statement-breakpoint
UPDATE "order_line" SET "vat_category" = 'standard' WHERE "vat_rate_bp" > 0 OR "unit_vat_minor" > 0;--> statement-breakpoint
UPDATE "order_add_on" SET "vat_category" = 'standard' WHERE "vat_rate_bp" > 0 OR "unit_vat_minor" > 0;
