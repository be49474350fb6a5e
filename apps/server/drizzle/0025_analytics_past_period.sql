CREATE TABLE "analytics_past_period" (
	"organization_id" text NOT NULL,
	"scope" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"new_customers" integer NOT NULL,
	"returning_customers" integer NOT NULL,
	CONSTRAINT "analytics_past_period_key" UNIQUE("organization_id","scope","from_day","to_day")
);
--> statement-breakpoint
ALTER TABLE "analytics_past_period" ADD CONSTRAINT "analytics_past_period_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;