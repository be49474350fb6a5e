ALTER TABLE "organization_settings" ADD COLUMN "custom_domain_claimed_at" timestamp with time zone;--> statement-breakpoint
-- Existing claims count from their last change.
UPDATE "organization_settings" SET "custom_domain_claimed_at" = "updated_at" WHERE "custom_domain" IS NOT NULL;
