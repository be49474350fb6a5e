CREATE TABLE "custom_hostname" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"hostname" text NOT NULL,
	"verification_token" text NOT NULL,
	"provider" text NOT NULL,
	"provider_hostname_id" text,
	"status" text DEFAULT 'none' NOT NULL,
	"last_error" text,
	"txt_name" text,
	"txt_value" text,
	"registered_at" timestamp with time zone,
	"last_verify_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_hostname" ADD CONSTRAINT "custom_hostname_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_hostname_org_hostname_idx" ON "custom_hostname" USING btree ("organization_id","hostname");