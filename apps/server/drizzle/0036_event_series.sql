-- Dates in a series (issue 31, decision 132): the dates of one series are events sharing series_id.
ALTER TABLE "event" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "event_series_idx" ON "event" USING btree ("organization_id","series_id","starts_at") WHERE "event"."series_id" is not null;