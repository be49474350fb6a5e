CREATE TABLE "webhook_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"response_body" text DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"message_id" text NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_status_code" integer,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoint" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_message" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_delivery_id_webhook_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_message_id_webhook_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_webhook_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_message" ADD CONSTRAINT "webhook_message_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempt_delivery_idx" ON "webhook_attempt" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_message_endpoint_idx" ON "webhook_delivery" USING btree ("message_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("endpoint_id","next_attempt_at") WHERE "webhook_delivery"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_delivery_leased_idx" ON "webhook_delivery" USING btree ("lease_until") WHERE "webhook_delivery"."status" = 'delivering';--> statement-breakpoint
CREATE INDEX "webhook_delivery_log_idx" ON "webhook_delivery" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoint_organization_idx" ON "webhook_endpoint" USING btree ("organization_id") WHERE "webhook_endpoint"."enabled";--> statement-breakpoint
CREATE INDEX "webhook_message_organization_idx" ON "webhook_message" USING btree ("organization_id","created_at");--> statement-breakpoint
-- hand-written
-- Decision 152: webhook_record is the one writer of webhook messages and their deliveries, called in the
-- transaction of the change (by recordWebhookEvent and by the triggers below), so an event exists exactly when its
-- change commits. An organisation with no enabled endpoint for the type costs one probe of a partial index.
CREATE OR REPLACE FUNCTION "webhook_types"(p_org text) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT t), '{}'::text[])
  FROM "webhook_endpoint" e, unnest(e."event_types") t
  WHERE e."organization_id" = p_org AND e."enabled"
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_record"(p_org text, p_type text, p_data jsonb, p_endpoint uuid DEFAULT NULL)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  message_id text := 'msg_' || replace(gen_random_uuid()::text, '-', '');
  fanned int;
BEGIN
  INSERT INTO "webhook_message" ("id", "organization_id", "type", "payload") VALUES (message_id, p_org, p_type, p_data);
  INSERT INTO "webhook_delivery" ("organization_id", "message_id", "endpoint_id", "next_attempt_at")
  SELECT p_org, message_id, e."id", clock_timestamp() FROM "webhook_endpoint" e
  WHERE e."organization_id" = p_org
    AND (CASE WHEN p_endpoint IS NULL THEN e."enabled" AND p_type = ANY(e."event_types") ELSE e."id" = p_endpoint END);
  GET DIAGNOSTICS fanned = ROW_COUNT;
  IF fanned = 0 THEN
    DELETE FROM "webhook_message" WHERE "id" = message_id;
    RETURN NULL;
  END IF;
  RETURN message_id;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_order_json"(o "order") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('order', jsonb_build_object(
    'id', o."id", 'code', o."code", 'event_id', o."event_id", 'status', o."status", 'channel', o."channel",
    'currency', o."currency", 'amount_minor', o."amount_minor", 'fee_minor', o."fee_minor",
    'refunded_minor', o."refunded_minor", 'quantity', o."quantity", 'customer_email', o."customer_email",
    'first_name', o."first_name", 'last_name', o."last_name", 'created_at', o."created_at", 'paid_at', o."paid_at"))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted text[] := "webhook_types"(NEW."organization_id");
BEGIN
  IF cardinality(wanted) = 0 THEN RETURN NULL; END IF;
  IF NEW."status" = 'paid' AND (TG_OP = 'INSERT' OR OLD."status" IS DISTINCT FROM 'paid') THEN
    IF 'order.created' = ANY(wanted) THEN
      PERFORM "webhook_record"(NEW."organization_id", 'order.created', "webhook_order_json"(NEW));
    END IF;
    IF 'order.paid' = ANY(wanted) AND NEW."amount_minor" + NEW."fee_minor" > 0 THEN
      PERFORM "webhook_record"(NEW."organization_id", 'order.paid', "webhook_order_json"(NEW));
    END IF;
  ELSIF TG_OP = 'UPDATE' AND NEW."refunded_minor" > OLD."refunded_minor" AND 'order.refunded' = ANY(wanted) THEN
    PERFORM "webhook_record"(NEW."organization_id", 'order.refunded', "webhook_order_json"(NEW)
      || jsonb_build_object('refund', jsonb_build_object('amount_minor', NEW."refunded_minor" - OLD."refunded_minor",
        'currency', NEW."currency")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "webhook_order_insert" AFTER INSERT ON "order" FOR EACH ROW WHEN (NEW."status" = 'paid')
EXECUTE FUNCTION "webhook_order_event"();--> statement-breakpoint
CREATE TRIGGER "webhook_order_update" AFTER UPDATE OF "status", "refunded_minor" ON "order" FOR EACH ROW WHEN (
  (NEW."status" = 'paid' AND OLD."status" IS DISTINCT FROM 'paid')
  OR (NEW."refunded_minor" > OLD."refunded_minor" AND NEW."status" IN ('refunded', 'partially_refunded'))
) EXECUTE FUNCTION "webhook_order_event"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_customer_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE WHEN TG_OP = 'INSERT' THEN 'customer.created' ELSE 'customer.updated' END;
BEGIN
  IF kind = ANY("webhook_types"(NEW."organization_id")) THEN
    PERFORM "webhook_record"(NEW."organization_id", kind, jsonb_build_object('customer', jsonb_build_object(
      'id', NEW."id", 'email', NEW."email", 'first_name', NEW."first_name", 'last_name', NEW."last_name",
      'phone', NEW."phone", 'country', NEW."country", 'marketing_consent', NEW."marketing_consent",
      'orders', NEW."orders", 'tickets', NEW."tickets", 'first_purchase_at', NEW."first_purchase_at",
      'last_purchase_at', NEW."last_purchase_at")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "webhook_customer_insert" AFTER INSERT ON "customer" FOR EACH ROW
EXECUTE FUNCTION "webhook_customer_event"();--> statement-breakpoint
CREATE TRIGGER "webhook_customer_update" AFTER UPDATE ON "customer" FOR EACH ROW WHEN (
  OLD."email" IS DISTINCT FROM NEW."email" OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
  OR OLD."last_name" IS DISTINCT FROM NEW."last_name" OR OLD."phone" IS DISTINCT FROM NEW."phone"
  OR OLD."country" IS DISTINCT FROM NEW."country" OR OLD."marketing_consent" IS DISTINCT FROM NEW."marketing_consent"
  OR OLD."orders" IS DISTINCT FROM NEW."orders"
) EXECUTE FUNCTION "webhook_customer_event"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_ticket_transferred"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF 'ticket.transferred' = ANY("webhook_types"(NEW."organization_id")) THEN
    PERFORM "webhook_record"(NEW."organization_id", 'ticket.transferred', jsonb_build_object('ticket', jsonb_build_object(
      'id', NEW."id", 'previous_ticket_id', NEW."transferred_from_id", 'order_id', NEW."order_id",
      'event_id', NEW."event_id", 'ticket_type_id', NEW."ticket_type_id", 'holder_name', NEW."holder_name",
      'holder_email', NEW."holder_email")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "webhook_ticket_transferred" AFTER INSERT ON "ticket" FOR EACH ROW
WHEN (NEW."transferred_from_id" IS NOT NULL) EXECUTE FUNCTION "webhook_ticket_transferred"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_checked_in"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF 'ticket.checked_in' = ANY("webhook_types"(NEW."organization_id")) THEN
    PERFORM "webhook_record"(NEW."organization_id", 'ticket.checked_in', jsonb_build_object(
      'ticket', (SELECT jsonb_build_object('id', t."id", 'order_id', t."order_id", 'event_id', t."event_id",
        'ticket_type_id', t."ticket_type_id", 'holder_name', t."holder_name") FROM "ticket" t WHERE t."id" = NEW."ticket_id"),
      'check_in', jsonb_build_object('id', NEW."id", 'scanned_at', NEW."scanned_at", 'method', NEW."method")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "webhook_checked_in" AFTER INSERT ON "check_in" FOR EACH ROW WHEN (NEW."status" = 'admitted')
EXECUTE FUNCTION "webhook_checked_in"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_event_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE WHEN NEW."to_status" = 'live' THEN 'event.published' ELSE 'event.cancelled' END;
BEGIN
  IF kind = ANY("webhook_types"(NEW."organization_id")) THEN
    PERFORM "webhook_record"(NEW."organization_id", kind, (SELECT jsonb_build_object('event', jsonb_build_object(
      'id', e."id", 'name', e."name", 'slug', e."slug", 'status', NEW."to_status", 'location', e."location",
      'starts_at', e."starts_at", 'ends_at', e."ends_at", 'time_zone', e."time_zone", 'changed_at', NEW."at"))
      FROM "event" e WHERE e."id" = NEW."event_id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "webhook_event_status" AFTER INSERT ON "event_status_change" FOR EACH ROW
WHEN (NEW."to_status" IN ('live', 'cancelled')) EXECUTE FUNCTION "webhook_event_status"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_waitlist_offered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF 'waitlist.offered' = ANY("webhook_types"(NEW."organization_id")) THEN
    PERFORM "webhook_record"(NEW."organization_id", 'waitlist.offered', jsonb_build_object('waitlist_entry',
      jsonb_build_object('id', NEW."id", 'event_id', NEW."event_id", 'ticket_type_id', NEW."ticket_type_id",
        'email', NEW."email", 'quantity', NEW."quantity", 'order_id', NEW."offer_order_id",
        'offered_at', NEW."offered_at")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "webhook_waitlist_offered" AFTER UPDATE OF "status" ON "waitlist_entry" FOR EACH ROW
WHEN (NEW."status" = 'offered' AND OLD."status" IS DISTINCT FROM 'offered') EXECUTE FUNCTION "webhook_waitlist_offered"();
