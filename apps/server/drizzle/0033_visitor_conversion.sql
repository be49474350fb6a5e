-- Conversion rate (issue 30, decision 023): page views get a 'site' row per day (any storefront page, each visitor
-- once), the Page Views card's visitors and the conversion rate's denominator, instead of 'events' (any event page).
-- Views add up exactly. Unique visitors of a day whose visitor hashes are still kept (today) are counted from the
-- hashes; earlier days cannot tell a visitor of both the home and an event page apart, so they keep the sum the
-- card showed before (home + event pages). Orders carry the visitor who started them (set from now on).
ALTER TABLE "page_view_daily" DROP CONSTRAINT "page_view_daily_page_check";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "visit_day" date;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "visitor" text;--> statement-breakpoint
CREATE INDEX "order_visitor_idx" ON "order" USING btree ("organization_id","visit_day","event_id","visitor") WHERE "order"."visitor" is not null and "order"."paid_at" is not null;--> statement-breakpoint
INSERT INTO "page_visitor" ("organization_id", "day", "page", "event_id", "visitor")
SELECT DISTINCT "organization_id", "day", 'site', NULL::uuid, "visitor" FROM "page_visitor" WHERE "page" IN ('home', 'events')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "page_view_daily" ("organization_id", "day", "page", "event_id", "views", "visitors")
SELECT d."organization_id", d."day", 'site', NULL::uuid, sum(d."views"),
  coalesce(nullif((SELECT count(*) FROM "page_visitor" v WHERE v."organization_id" = d."organization_id"
    AND v."day" = d."day" AND v."page" = 'site'), 0), sum(d."visitors"))
FROM "page_view_daily" d WHERE d."page" IN ('home', 'events') GROUP BY d."organization_id", d."day";--> statement-breakpoint
DELETE FROM "page_view_daily" WHERE "page" = 'events';--> statement-breakpoint
DELETE FROM "page_visitor" WHERE "page" = 'events';--> statement-breakpoint
ALTER TABLE "page_view_daily" ADD CONSTRAINT "page_view_daily_page_check" CHECK ("page_view_daily"."page" in ('home', 'event', 'site'));
