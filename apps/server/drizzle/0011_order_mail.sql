CREATE TABLE "order_mail" (
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_mail_order_id_kind_recipient_pk" PRIMARY KEY("order_id","kind","recipient")
);
--> statement-breakpoint
ALTER TABLE "order_mail" ADD CONSTRAINT "order_mail_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;