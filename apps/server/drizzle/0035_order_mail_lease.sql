-- Order e-mails are claimed before they are sent (issue 30, decision 051): 'sending' with a short lease just
-- before the message goes to the mail server, 'sent' once it accepted it. Rows from before were all sent.
ALTER TABLE "order_mail" ADD COLUMN "state" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_mail" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_mail" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_mail" ADD CONSTRAINT "order_mail_state_check" CHECK ("order_mail"."state" in ('sending', 'sent'));
