-- Add-ons (issue 31, decision 134): products sold with an event's tickets, each with its own price and stock, and
-- what each order bought of them. After the hold (which takes `held` itself), an order's add-ons follow its status by
-- the trigger at the end: pending holds them, paid or partly refunded sells them, any other status gives them back.
CREATE TABLE "add_on" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" bigint NOT NULL,
	"capacity" integer,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_on_price_check" CHECK ("add_on"."price_minor" >= 0),
	CONSTRAINT "add_on_max_per_order_check" CHECK ("add_on"."max_per_order" between 1 and 50),
	CONSTRAINT "add_on_inventory_check" CHECK ("add_on"."sold" >= 0 and "add_on"."held" >= 0 and ("add_on"."capacity" is null or ("add_on"."capacity" >= 0 and "add_on"."sold" + "add_on"."held" <= "add_on"."capacity")))
);
--> statement-breakpoint
CREATE TABLE "order_add_on" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"add_on_id" uuid NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"unit_fee_minor" bigint NOT NULL,
	"handed_over" integer DEFAULT 0 NOT NULL,
	"handed_over_at" timestamp with time zone,
	CONSTRAINT "order_add_on_order_add_on_unique" UNIQUE("order_id","add_on_id"),
	CONSTRAINT "order_add_on_quantity_check" CHECK ("order_add_on"."quantity" > 0),
	CONSTRAINT "order_add_on_amounts_check" CHECK ("order_add_on"."unit_price_minor" >= 0 and "order_add_on"."unit_fee_minor" >= 0),
	CONSTRAINT "order_add_on_handed_over_check" CHECK ("order_add_on"."handed_over" between 0 and "order_add_on"."quantity")
);
--> statement-breakpoint
ALTER TABLE "add_on" ADD CONSTRAINT "add_on_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on" ADD CONSTRAINT "add_on_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_add_on" ADD CONSTRAINT "order_add_on_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_add_on" ADD CONSTRAINT "order_add_on_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_add_on" ADD CONSTRAINT "order_add_on_add_on_id_add_on_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_on"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "add_on_event_id_idx" ON "add_on" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "add_on_organization_id_idx" ON "add_on" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "order_add_on_add_on_id_idx" ON "order_add_on" USING btree ("add_on_id");
--> statement-breakpoint
CREATE FUNCTION "order_add_on_bucket"(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'pending' THEN 'held' WHEN status IN ('paid', 'partially_refunded') THEN 'sold' END
$$;--> statement-breakpoint
CREATE FUNCTION "order_add_on_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text := order_add_on_bucket(OLD.status);
  now_in text := order_add_on_bucket(NEW.status);
  line record;
BEGIN
  IF was IS NOT DISTINCT FROM now_in THEN RETURN NULL; END IF;
  -- In add-on id order, as the hold locks them, so two orders' moves cannot deadlock on each other.
  FOR line IN SELECT add_on_id, quantity FROM order_add_on WHERE order_id = NEW.id ORDER BY add_on_id LOOP
    UPDATE add_on SET
      held = held - CASE WHEN was = 'held' THEN line.quantity ELSE 0 END
                  + CASE WHEN now_in = 'held' THEN line.quantity ELSE 0 END,
      sold = sold - CASE WHEN was = 'sold' THEN line.quantity ELSE 0 END
                  + CASE WHEN now_in = 'sold' THEN line.quantity ELSE 0 END,
      updated_at = now()
    WHERE id = line.add_on_id;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_add_on_counters" AFTER UPDATE OF "status" ON "order"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "order_add_on_counters"();
