CREATE TABLE "organization_pixels" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"meta_pixel_id" text,
	"ga_measurement_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_content" text,
	"utm_term" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "tracking_link_kind_check" CHECK ("tracking_link"."kind" in ('promoter', 'campaign')),
	CONSTRAINT "tracking_link_code_check" CHECK ("tracking_link"."code" ~ '^[a-z0-9][a-z0-9_-]{1,31}$')
);
--> statement-breakpoint
CREATE TABLE "tracking_link_view_daily" (
	"tracking_link_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_link_view_daily_tracking_link_id_day_pk" PRIMARY KEY("tracking_link_id","day")
);
--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tracking_link_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_pixels" ADD CONSTRAINT "organization_pixels_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_link" ADD CONSTRAINT "tracking_link_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_link" ADD CONSTRAINT "tracking_link_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_link_view_daily" ADD CONSTRAINT "tracking_link_view_daily_tracking_link_id_tracking_link_id_fk" FOREIGN KEY ("tracking_link_id") REFERENCES "public"."tracking_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_link_view_daily" ADD CONSTRAINT "tracking_link_view_daily_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_link_code_idx" ON "tracking_link" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "tracking_link_view_daily_org_day_idx" ON "tracking_link_view_daily" USING btree ("organization_id","day");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_tracking_link_id_tracking_link_id_fk" FOREIGN KEY ("tracking_link_id") REFERENCES "public"."tracking_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tracking_link_idx" ON "order" USING btree ("tracking_link_id","paid_at") WHERE "order"."tracking_link_id" is not null;--> statement-breakpoint
-- hand-written
ALTER TABLE "organization_pixels" ADD CONSTRAINT "organization_pixels_format_check" CHECK (("meta_pixel_id" is null or "meta_pixel_id" ~ '^[0-9]{5,20}$') and ("ga_measurement_id" is null or "ga_measurement_id" ~ '^G-[A-Z0-9]{4,16}$'));
