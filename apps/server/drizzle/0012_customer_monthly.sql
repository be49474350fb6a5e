CREATE TABLE "customer_monthly" (
	"organization_id" text NOT NULL,
	"month" date NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_monthly_organization_id_month_pk" PRIMARY KEY("organization_id","month")
);
--> statement-breakpoint
ALTER TABLE "customer_monthly" ADD CONSTRAINT "customer_monthly_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by the database, beside the buyer rows fulfilment writes: a buyer counts in the month of their first
-- purchase while they have a paid order. An update that moves neither leaves the month's row alone, so a
-- repeat purchase does not touch (or lock) it.
CREATE FUNCTION "customer_monthly_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."orders" > 0 THEN
    UPDATE "customer_monthly" SET "customers" = "customers" - 1
    WHERE "organization_id" = OLD."organization_id"
      AND "month" = date_trunc('month', OLD."first_purchase_at" AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."orders" > 0 THEN
    INSERT INTO "customer_monthly" ("organization_id", "month", "customers")
    VALUES (NEW."organization_id", date_trunc('month', NEW."first_purchase_at" AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT ("organization_id", "month") DO UPDATE SET "customers" = "customer_monthly"."customers" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customer_monthly_insert_delete" AFTER INSERT OR DELETE ON "customer"
FOR EACH ROW EXECUTE FUNCTION "customer_monthly_keep"();--> statement-breakpoint
CREATE TRIGGER "customer_monthly_update" AFTER UPDATE OF "organization_id", "orders", "first_purchase_at" ON "customer"
FOR EACH ROW WHEN (
  OLD."organization_id" IS DISTINCT FROM NEW."organization_id"
  OR (OLD."orders" > 0) IS DISTINCT FROM (NEW."orders" > 0)
  OR date_trunc('month', OLD."first_purchase_at" AT TIME ZONE 'UTC') IS DISTINCT FROM date_trunc('month', NEW."first_purchase_at" AT TIME ZONE 'UTC')
) EXECUTE FUNCTION "customer_monthly_keep"();--> statement-breakpoint
INSERT INTO "customer_monthly" ("organization_id", "month", "customers")
SELECT "organization_id", date_trunc('month', "first_purchase_at" AT TIME ZONE 'UTC')::date, count(*)
FROM "customer" WHERE "orders" > 0 GROUP BY 1, 2;
