-- Earlier orders had one ticket type each: give them their line, then move the venue capacity from the
-- General Admission type (where the wizard kept it) onto the event, and rebuild the counters and roll-ups.
INSERT INTO "order_line" ("organization_id", "order_id", "ticket_type_id", "name", "quantity", "unit_price_minor", "unit_fee_minor")
SELECT o."organization_id", o."id", o."ticket_type_id", t."name", o."quantity", o."amount_minor" / o."quantity", o."fee_minor" / o."quantity"
FROM "order" o JOIN "ticket_type" t ON t."id" = o."ticket_type_id";--> statement-breakpoint
UPDATE "event" e SET "capacity" = t."capacity"
FROM (SELECT DISTINCT ON ("event_id") "event_id", "capacity" FROM "ticket_type" ORDER BY "event_id", "sort", "created_at") t
WHERE t."event_id" = e."id";--> statement-breakpoint
UPDATE "ticket_type" SET "capacity" = NULL WHERE "name" = 'General Admission';--> statement-breakpoint
UPDATE "event" e SET "sold" = s."sold" FROM (SELECT "event_id", sum("sold")::int AS "sold" FROM "ticket_type" GROUP BY "event_id") s
WHERE s."event_id" = e."id";--> statement-breakpoint
INSERT INTO "sales_daily" ("organization_id", "event_id", "day", "currency", "orders", "tickets", "revenue_minor", "fee_minor")
SELECT "organization_id", "event_id", ("paid_at" AT TIME ZONE 'UTC')::date, "currency", count(*), sum("quantity"), sum("amount_minor"), sum("fee_minor")
FROM "order" WHERE "status" = 'paid' GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "customer" ("organization_id", "email", "orders", "tickets", "first_purchase_at", "last_purchase_at")
SELECT "organization_id", "customer_email", count(*), sum("quantity"), min("paid_at"), max("paid_at")
FROM "order" WHERE "status" = 'paid' GROUP BY 1, 2;--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "ticket_type_id";