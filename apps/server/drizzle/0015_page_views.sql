CREATE TABLE "page_view_daily" (
	"organization_id" text NOT NULL,
	"day" date NOT NULL,
	"page" text NOT NULL,
	"event_id" uuid,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_daily_key" UNIQUE NULLS NOT DISTINCT("organization_id","page","event_id","day"),
	CONSTRAINT "page_view_daily_page_check" CHECK ("page_view_daily"."page" in ('home', 'event', 'events')),
	CONSTRAINT "page_view_daily_event_check" CHECK (("page_view_daily"."page" = 'event') = ("page_view_daily"."event_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "page_view_salt" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_visitor" (
	"organization_id" text NOT NULL,
	"day" date NOT NULL,
	"page" text NOT NULL,
	"event_id" uuid,
	"visitor" text NOT NULL,
	CONSTRAINT "page_visitor_key" UNIQUE NULLS NOT DISTINCT("organization_id","day","page","event_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "page_view_daily" ADD CONSTRAINT "page_view_daily_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_view_daily" ADD CONSTRAINT "page_view_daily_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_visitor" ADD CONSTRAINT "page_visitor_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_visitor" ADD CONSTRAINT "page_visitor_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_view_daily_page_day_idx" ON "page_view_daily" USING btree ("organization_id","page","day");--> statement-breakpoint
CREATE INDEX "page_visitor_day_idx" ON "page_visitor" USING btree ("day");--> statement-breakpoint
CREATE INDEX "customer_organization_last_purchase_idx" ON "customer" USING btree ("organization_id","last_purchase_at","first_purchase_at");--> statement-breakpoint
CREATE INDEX "order_organization_paid_at_idx" ON "order" USING btree ("organization_id","paid_at","customer_email") WHERE "order"."paid_at" is not null;