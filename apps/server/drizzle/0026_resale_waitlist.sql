CREATE TABLE "resale_listing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"buyer_order_id" uuid,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "resale_listing_status_check" CHECK ("resale_listing"."status" in ('listed', 'sold', 'withdrawn')),
	CONSTRAINT "resale_listing_price_check" CHECK ("resale_listing"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "waitlist_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid,
	"email" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offer_order_id" uuid,
	"offered_at" timestamp with time zone,
	"joined_mail_at" timestamp with time zone,
	"offer_mail_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entry_status_check" CHECK ("waitlist_entry"."status" in ('waiting', 'offered', 'purchased', 'expired', 'left')),
	CONSTRAINT "waitlist_entry_quantity_check" CHECK ("waitlist_entry"."quantity" > 0 and "waitlist_entry"."quantity" <= 50),
	CONSTRAINT "waitlist_entry_email_check" CHECK ("waitlist_entry"."email" = lower("waitlist_entry"."email"))
);
--> statement-breakpoint
ALTER TABLE "resale_listing" ADD CONSTRAINT "resale_listing_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listing" ADD CONSTRAINT "resale_listing_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listing" ADD CONSTRAINT "resale_listing_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listing" ADD CONSTRAINT "resale_listing_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listing" ADD CONSTRAINT "resale_listing_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listing" ADD CONSTRAINT "resale_listing_buyer_order_id_order_id_fk" FOREIGN KEY ("buyer_order_id") REFERENCES "public"."order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_listing" ADD CONSTRAINT "resale_listing_refund_id_order_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refund"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_offer_order_id_order_id_fk" FOREIGN KEY ("offer_order_id") REFERENCES "public"."order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resale_listing_open_ticket_idx" ON "resale_listing" USING btree ("ticket_id") WHERE "resale_listing"."status" = 'listed';--> statement-breakpoint
CREATE INDEX "resale_listing_open_type_idx" ON "resale_listing" USING btree ("ticket_type_id","created_at") WHERE "resale_listing"."status" = 'listed';--> statement-breakpoint
CREATE INDEX "resale_listing_order_idx" ON "resale_listing" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entry_open_idx" ON "waitlist_entry" USING btree ("event_id","email") WHERE "waitlist_entry"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entry_line_idx" ON "waitlist_entry" USING btree ("event_id","created_at") WHERE "waitlist_entry"."status" in ('waiting', 'offered');