CREATE TABLE "team_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "team_invitation_role_check" CHECK ("team_invitation"."role" in ('owner', 'admin', 'door'))
);
--> statement-breakpoint
ALTER TABLE "member" ALTER COLUMN "role" SET DEFAULT 'door';--> statement-breakpoint
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitation_token_hash_idx" ON "team_invitation" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invitation_organization_idx" ON "team_invitation" USING btree ("organization_id");--> statement-breakpoint
-- Hand-written backfill (decision 030): owners stay owners, better-auth's admins stay admins, and any other value
-- (better-auth's 'member' default) gets the least access, door staff.
UPDATE "member" SET "role" = 'door' WHERE "role" NOT IN ('owner', 'admin');--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_role_check" CHECK ("member"."role" in ('owner', 'admin', 'door'));