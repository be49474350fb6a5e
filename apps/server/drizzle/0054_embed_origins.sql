CREATE TABLE "embed_origin" (
	"organization_id" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embed_origin_organization_id_origin_pk" PRIMARY KEY("organization_id","origin")
);
--> statement-breakpoint
ALTER TABLE "embed_origin" ADD CONSTRAINT "embed_origin_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;