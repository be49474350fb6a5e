CREATE TABLE "event_queue" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"drawn_at" timestamp with time zone,
	"last_place" bigint DEFAULT 0 NOT NULL,
	"admitted" double precision DEFAULT 0 NOT NULL,
	"admitted_at" timestamp with time zone,
	CONSTRAINT "event_queue_counts_check" CHECK ("event_queue"."last_place" >= 0 and "event_queue"."admitted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "queue_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"browser_id" text NOT NULL,
	"place" bigint,
	"lottery" double precision NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "queue_mode" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "queue_rate_per_minute" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_queue" ADD CONSTRAINT "event_queue_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_queue" ADD CONSTRAINT "event_queue_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entry" ADD CONSTRAINT "queue_entry_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entry" ADD CONSTRAINT "queue_entry_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_queue_organization_idx" ON "event_queue" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entry_browser_idx" ON "queue_entry" USING btree ("event_id","browser_id");--> statement-breakpoint
CREATE INDEX "queue_entry_lobby_idx" ON "queue_entry" USING btree ("event_id","lottery") WHERE "queue_entry"."place" is null;--> statement-breakpoint
CREATE INDEX "queue_entry_organization_idx" ON "queue_entry" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_queue_mode_check" CHECK ("event"."queue_mode" in ('auto', 'on', 'off'));--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_queue_rate_check" CHECK ("event"."queue_rate_per_minute" between 10 and 60000);