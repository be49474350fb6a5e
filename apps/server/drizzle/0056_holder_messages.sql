CREATE TABLE "holder_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"ticket_type_id" uuid,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"recipients" integer,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"suppressed" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "holder_message_audience_check" CHECK ("holder_message"."audience" in ('all', 'ticket_type', 'not_checked_in', 'marketing')),
	CONSTRAINT "holder_message_status_check" CHECK ("holder_message"."status" in ('queued', 'sending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "holder_message_recipient" (
	"message_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "holder_message_recipient_message_id_email_pk" PRIMARY KEY("message_id","email"),
	CONSTRAINT "holder_message_recipient_state_check" CHECK ("holder_message_recipient"."state" in ('pending', 'sending', 'sent', 'failed', 'suppressed'))
);
--> statement-breakpoint
CREATE TABLE "marketing_suppression" (
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"reason" text DEFAULT 'unsubscribed' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_suppression_organization_id_email_pk" PRIMARY KEY("organization_id","email")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "holder_message" ADD CONSTRAINT "holder_message_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holder_message" ADD CONSTRAINT "holder_message_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holder_message" ADD CONSTRAINT "holder_message_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holder_message" ADD CONSTRAINT "holder_message_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holder_message_recipient" ADD CONSTRAINT "holder_message_recipient_message_id_holder_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."holder_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holder_message_recipient" ADD CONSTRAINT "holder_message_recipient_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_suppression" ADD CONSTRAINT "marketing_suppression_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holder_message_client_key_idx" ON "holder_message" USING btree ("organization_id","client_key");--> statement-breakpoint
CREATE INDEX "holder_message_event_idx" ON "holder_message" USING btree ("organization_id","event_id","created_at");--> statement-breakpoint
CREATE INDEX "holder_message_recipient_state_idx" ON "holder_message_recipient" USING btree ("message_id","state");--> statement-breakpoint
CREATE INDEX "holder_message_recipient_claimed_idx" ON "holder_message_recipient" USING btree ("organization_id","claimed_at") WHERE "holder_message_recipient"."claimed_at" is not null;