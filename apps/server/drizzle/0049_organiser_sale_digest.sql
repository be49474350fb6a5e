-- The organiser's sale e-mails become a choice of three (issue 33, decision 147): 'each' sale, a 'digest' when sales
-- are frequent (the default, also for existing organisations) or 'off'; the windows the digest gathers sales into,
-- and where each sale went. Organisations that had turned notify_on_sale off stay without sale e-mails.
CREATE TABLE "sale_digest" (
	"organization_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"last_sale_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sale_digest_organization_id_window_start_pk" PRIMARY KEY("organization_id","window_start"),
	CONSTRAINT "sale_digest_state_check" CHECK ("sale_digest"."state" in ('open', 'closed', 'sent')),
	CONSTRAINT "sale_digest_window_check" CHECK ("sale_digest"."window_end" > "sale_digest"."window_start")
);
--> statement-breakpoint
CREATE TABLE "sale_digest_order" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"at_once" boolean NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "sale_emails" text DEFAULT 'digest' NOT NULL;--> statement-breakpoint
-- Hand-written backfill: the old switch's 'off' is kept, then the switch goes.
UPDATE "organization_settings" SET "sale_emails" = 'off' WHERE "notify_on_sale" = false;--> statement-breakpoint
ALTER TABLE "organization_settings" DROP COLUMN "notify_on_sale";--> statement-breakpoint
ALTER TABLE "sale_digest" ADD CONSTRAINT "sale_digest_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_digest_order" ADD CONSTRAINT "sale_digest_order_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_digest_order" ADD CONSTRAINT "sale_digest_order_window_fk" FOREIGN KEY ("organization_id","window_start") REFERENCES "public"."sale_digest"("organization_id","window_start") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_digest_open_idx" ON "sale_digest" USING btree ("organization_id") WHERE "sale_digest"."state" = 'open';--> statement-breakpoint
CREATE INDEX "sale_digest_order_window_idx" ON "sale_digest_order" USING btree ("organization_id","window_start");--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_sale_emails_check" CHECK ("organization_settings"."sale_emails" in ('each', 'digest', 'off'));