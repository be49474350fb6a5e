DROP INDEX "customer_organization_id_idx";--> statement-breakpoint
ALTER TABLE "customer_monthly" ADD COLUMN "frequent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_status_frequent_idx" ON "customer" USING btree ("organization_id","id","first_purchase_at") WHERE "customer"."events" >= 3;--> statement-breakpoint
CREATE INDEX "customer_status_other_idx" ON "customer" USING btree ("organization_id","id","first_purchase_at","spend_currency","spend_minor") WHERE "customer"."events" < 3;--> statement-breakpoint
-- customer_monthly also counts, per month of first purchase, the buyers with tickets for 3 or more events
-- (VIP_MIN_EVENTS in packages/shared), so the status sort sizes its runs from a few rows instead of counting
-- customers. A repeat purchase touches the month's row only when it takes the buyer to a third event.
CREATE OR REPLACE FUNCTION "customer_monthly_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."orders" > 0 THEN
    UPDATE "customer_monthly" SET "customers" = "customers" - 1,
      "frequent" = "frequent" - (OLD."events" >= 3)::int
    WHERE "organization_id" = OLD."organization_id"
      AND "month" = date_trunc('month', OLD."first_purchase_at" AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."orders" > 0 THEN
    INSERT INTO "customer_monthly" ("organization_id", "month", "customers", "frequent")
    VALUES (NEW."organization_id", date_trunc('month', NEW."first_purchase_at" AT TIME ZONE 'UTC')::date, 1,
      (NEW."events" >= 3)::int)
    ON CONFLICT ("organization_id", "month") DO UPDATE SET "customers" = "customer_monthly"."customers" + 1,
      "frequent" = "customer_monthly"."frequent" + excluded."frequent";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "customer_monthly_update" ON "customer";--> statement-breakpoint
CREATE TRIGGER "customer_monthly_update" AFTER UPDATE OF "organization_id", "orders", "first_purchase_at", "events" ON "customer"
FOR EACH ROW WHEN (
  OLD."organization_id" IS DISTINCT FROM NEW."organization_id"
  OR (OLD."orders" > 0) IS DISTINCT FROM (NEW."orders" > 0)
  OR date_trunc('month', OLD."first_purchase_at" AT TIME ZONE 'UTC') IS DISTINCT FROM date_trunc('month', NEW."first_purchase_at" AT TIME ZONE 'UTC')
  OR (OLD."events" >= 3) IS DISTINCT FROM (NEW."events" >= 3)
) EXECUTE FUNCTION "customer_monthly_keep"();--> statement-breakpoint
UPDATE "customer_monthly" m SET "frequent" = f."frequent"
FROM (
  SELECT "organization_id", date_trunc('month', "first_purchase_at" AT TIME ZONE 'UTC')::date AS "month",
    count(*) FILTER (WHERE "events" >= 3)::int AS "frequent"
  FROM "customer" WHERE "orders" > 0 GROUP BY 1, 2
) f
WHERE m."organization_id" = f."organization_id" AND m."month" = f."month";
