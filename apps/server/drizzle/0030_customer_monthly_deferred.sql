-- customer_monthly is kept by triggers on customer (0012, 0029). Every first purchase of an organisation's month
-- updates the same customer_monthly row, so in a drop every sale's transaction waited on it from its buyer's
-- insert to its commit. As deferred constraint triggers they run at the commit: the row is locked only while the
-- transaction commits (decision 040). Each queued event still adds its own change, so the counts are the same.
DROP TRIGGER "customer_monthly_insert_delete" ON "customer";--> statement-breakpoint
DROP TRIGGER "customer_monthly_update" ON "customer";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "customer_monthly_insert_delete" AFTER INSERT OR DELETE ON "customer"
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION "customer_monthly_keep"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "customer_monthly_update" AFTER UPDATE OF "organization_id", "orders", "first_purchase_at", "events" ON "customer"
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (
  OLD."organization_id" IS DISTINCT FROM NEW."organization_id"
  OR (OLD."orders" > 0) IS DISTINCT FROM (NEW."orders" > 0)
  OR date_trunc('month', OLD."first_purchase_at" AT TIME ZONE 'UTC') IS DISTINCT FROM date_trunc('month', NEW."first_purchase_at" AT TIME ZONE 'UTC')
  OR (OLD."events" >= 3) IS DISTINCT FROM (NEW."events" >= 3)
) EXECUTE FUNCTION "customer_monthly_keep"();
