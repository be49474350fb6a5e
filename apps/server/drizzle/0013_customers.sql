CREATE TABLE "customer_event" (
	"organization_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"first_purchase_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_event_customer_id_event_id_pk" PRIMARY KEY("customer_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "customer_spend" (
	"organization_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_spend_customer_id_currency_pk" PRIMARY KEY("customer_id","currency")
);
--> statement-breakpoint
DROP INDEX "customer_organization_first_purchase_idx";--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "events" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "spend_currency" text DEFAULT 'GBP' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "spend_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name")) STORED;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name") || chr(1) || "email" || chr(1) || lower(coalesce("phone", ''))) STORED;--> statement-breakpoint
ALTER TABLE "customer_event" ADD CONSTRAINT "customer_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_event" ADD CONSTRAINT "customer_event_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_event" ADD CONSTRAINT "customer_event_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_spend" ADD CONSTRAINT "customer_spend_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_spend" ADD CONSTRAINT "customer_spend_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_sort_name_idx" ON "customer" USING btree ("organization_id","sort_name","id");--> statement-breakpoint
CREATE INDEX "customer_sort_email_idx" ON "customer" USING btree ("organization_id","email","id");--> statement-breakpoint
CREATE INDEX "customer_sort_phone_idx" ON "customer" USING btree ("organization_id","phone","id");--> statement-breakpoint
CREATE INDEX "customer_sort_country_idx" ON "customer" USING btree ("organization_id","country","id");--> statement-breakpoint
CREATE INDEX "customer_sort_events_idx" ON "customer" USING btree ("organization_id","events","id");--> statement-breakpoint
CREATE INDEX "customer_sort_spend_idx" ON "customer" USING btree ("organization_id","spend_currency","spend_minor","id");--> statement-breakpoint
CREATE INDEX "customer_sort_last_purchase_idx" ON "customer" USING btree ("organization_id","last_purchase_at","id");--> statement-breakpoint
CREATE INDEX "customer_organization_first_purchase_idx" ON "customer" USING btree ("organization_id","first_purchase_at","id");--> statement-breakpoint
-- Backfill from the paid orders already there (every order fulfilment counted has paid_at set).
INSERT INTO "customer_event" ("organization_id", "customer_id", "event_id", "tickets", "first_purchase_at")
SELECT c."organization_id", c."id", o."event_id", sum(o."quantity"), min(o."paid_at")
FROM "order" o JOIN "customer" c ON c."organization_id" = o."organization_id" AND c."email" = o."customer_email"
WHERE o."paid_at" IS NOT NULL GROUP BY c."organization_id", c."id", o."event_id";--> statement-breakpoint
INSERT INTO "customer_spend" ("organization_id", "customer_id", "currency", "amount_minor")
SELECT c."organization_id", c."id", o."currency", sum(o."amount_minor")
FROM "order" o JOIN "customer" c ON c."organization_id" = o."organization_id" AND c."email" = o."customer_email"
WHERE o."paid_at" IS NOT NULL GROUP BY c."organization_id", c."id", o."currency";--> statement-breakpoint
UPDATE "customer" c SET
  "events" = (SELECT count(*) FROM "customer_event" e WHERE e."customer_id" = c."id"),
  "spend_currency" = coalesce((SELECT o."currency" FROM "order" o WHERE o."organization_id" = c."organization_id"
    AND o."customer_email" = c."email" AND o."paid_at" IS NOT NULL ORDER BY o."paid_at" LIMIT 1), c."spend_currency");--> statement-breakpoint
UPDATE "customer" c SET "spend_minor" = coalesce((SELECT s."amount_minor" FROM "customer_spend" s
  WHERE s."customer_id" = c."id" AND s."currency" = c."spend_currency"), 0);
--> statement-breakpoint
-- Where the pg_trgm extension can be had (PostgreSQL ships it; PGlite only when loaded, which we do not), a
-- trigram index lets a search of 3 or more characters find its customers without a scan. Without it, or without
-- the right to create it, the search scans the organisation's customers: same answers, only slower.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS "customer_search_trgm_idx" ON "customer" USING gin ("search_text" gin_trgm_ops);
    EXCEPTION WHEN others THEN
      RAISE NOTICE 'customer search: no trigram index (%)', SQLERRM;
    END;
  END IF;
END $$;
