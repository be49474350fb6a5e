CREATE TABLE "event_slug" (
	"organization_id" text NOT NULL,
	"slug" text NOT NULL,
	"event_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_slug_organization_id_slug_pk" PRIMARY KEY("organization_id","slug")
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "slug" text;--> statement-breakpoint
-- Hand-written backfill (decision 026): existing events get a slug from their name; a name already used in the
-- organisation gets the first 8 characters of the event id after it, so the backfill can never collide.
UPDATE "event" e SET "slug" = CASE WHEN n."rank" = 1 THEN n."base" ELSE n."base" || '-' || left(e."id"::text, 8) END
FROM (
  SELECT b."id", b."base", row_number() OVER (PARTITION BY b."organization_id", b."base" ORDER BY b."created_at", b."id") AS "rank"
  FROM (
    SELECT "id", "organization_id", "created_at",
      coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), 50)), ''), 'event') AS "base"
    FROM "event"
  ) b
) n
WHERE n."id" = e."id";--> statement-breakpoint
ALTER TABLE "event" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
INSERT INTO "event_slug" ("organization_id", "slug", "event_id") SELECT "organization_id", "slug", "id" FROM "event";--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "event_slug" ADD CONSTRAINT "event_slug_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_slug" ADD CONSTRAINT "event_slug_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_slug_event_id_idx" ON "event_slug" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_organization_slug_idx" ON "event" USING btree ("organization_id","slug");