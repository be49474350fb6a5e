-- Shared quotas (issue 31, decision 128): a capacity over a set of an event's ticket types, counted like theirs.
CREATE TABLE "ticket_quota" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_quota_inventory_check" CHECK ("ticket_quota"."capacity" >= 0 and "ticket_quota"."sold" >= 0 and "ticket_quota"."held" >= 0 and "ticket_quota"."sold" + "ticket_quota"."held" <= "ticket_quota"."capacity")
);
--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "quota_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_quota" ADD CONSTRAINT "ticket_quota_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_quota" ADD CONSTRAINT "ticket_quota_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_quota_event_id_idx" ON "ticket_quota" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "ticket_quota_organization_id_idx" ON "ticket_quota" USING btree ("organization_id");