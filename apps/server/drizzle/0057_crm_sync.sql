CREATE TABLE "crm_connection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"provider" text NOT NULL,
	"auth_kind" text NOT NULL,
	"credentials" text NOT NULL,
	"account_label" text DEFAULT '' NOT NULL,
	"audience_id" text,
	"audience_name" text,
	"status" text DEFAULT 'connected' NOT NULL,
	"properties_ready" timestamp with time zone,
	"cursor" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_sync_item" (
	"connection_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"remote_id" text NOT NULL,
	"email_hash" text NOT NULL,
	"data_hash" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"state" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_sync_item_connection_id_customer_id_pk" PRIMARY KEY("connection_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "crm_sync_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"customer_id" uuid,
	"count" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_connection" ADD CONSTRAINT "crm_connection_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_sync_item" ADD CONSTRAINT "crm_sync_item_connection_id_crm_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."crm_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_sync_log" ADD CONSTRAINT "crm_sync_log_connection_id_crm_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."crm_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_connection_organization_provider_idx" ON "crm_connection" USING btree ("organization_id","provider");--> statement-breakpoint
CREATE INDEX "crm_sync_item_organization_idx" ON "crm_sync_item" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "crm_sync_log_connection_at_idx" ON "crm_sync_log" USING btree ("connection_id","at");--> statement-breakpoint
CREATE INDEX "customer_organization_updated_idx" ON "customer" USING btree ("organization_id","updated_at","id");--> statement-breakpoint
-- hand-written
-- Customer Sync's cursor (decision 155): every change to a customer row moves its updated_at, whichever code
-- made it (the sale's roll-ups, a refund's), so the sale path itself is not touched.
CREATE FUNCTION customer_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customer_touch_updated_at BEFORE UPDATE ON customer
  FOR EACH ROW EXECUTE FUNCTION customer_touch_updated_at();
