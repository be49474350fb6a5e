CREATE TABLE "check_in" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_id" text NOT NULL,
	"client_id" text,
	"user_id" text,
	"user_name" text DEFAULT '' NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text,
	CONSTRAINT "check_in_status_check" CHECK ("check_in"."status" in ('admitted', 'duplicate', 'undone'))
);
--> statement-breakpoint
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_undone_by_user_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_admitted_ticket_idx" ON "check_in" USING btree ("ticket_id") WHERE "check_in"."status" = 'admitted';--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_client_idx" ON "check_in" USING btree ("organization_id","device_id","client_id") WHERE "check_in"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "check_in_event_scanned_idx" ON "check_in" USING btree ("event_id","scanned_at");--> statement-breakpoint
CREATE INDEX "check_in_event_admitted_idx" ON "check_in" USING btree ("event_id") WHERE "check_in"."status" = 'admitted';