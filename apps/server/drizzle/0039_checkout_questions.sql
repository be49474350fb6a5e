-- Checkout questions and names on tickets (issue 31, decision 130).
CREATE TABLE "event_attendee_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"ticket_names" text DEFAULT 'off' NOT NULL,
	"answers_editable_until" timestamp with time zone,
	CONSTRAINT "event_attendee_settings_names_check" CHECK ("event_attendee_settings"."ticket_names" in ('off', 'optional', 'required'))
);
--> statement-breakpoint
CREATE TABLE "event_question" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"scope" text DEFAULT 'order' NOT NULL,
	"ticket_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_question_kind_check" CHECK (kind in ('short_text', 'long_text', 'single_choice', 'multiple_choice', 'checkbox', 'date', 'phone', 'country')),
	CONSTRAINT "event_question_scope_check" CHECK ("event_question"."scope" in ('order', 'ticket'))
);
--> statement-breakpoint
CREATE TABLE "order_answer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"slot" integer DEFAULT 0 NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_answer_slot_check" CHECK ("order_answer"."slot" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_holder" (
	"organization_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_holder_order_id_slot_pk" PRIMARY KEY("order_id","slot"),
	CONSTRAINT "order_holder_slot_check" CHECK ("order_holder"."slot" > 0)
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "slot" integer;--> statement-breakpoint
ALTER TABLE "event_attendee_settings" ADD CONSTRAINT "event_attendee_settings_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendee_settings" ADD CONSTRAINT "event_attendee_settings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_question" ADD CONSTRAINT "event_question_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_question" ADD CONSTRAINT "event_question_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_answer" ADD CONSTRAINT "order_answer_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_answer" ADD CONSTRAINT "order_answer_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_answer" ADD CONSTRAINT "order_answer_question_id_event_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."event_question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_holder" ADD CONSTRAINT "order_holder_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_holder" ADD CONSTRAINT "order_holder_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_holder" ADD CONSTRAINT "order_holder_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_question_event_idx" ON "event_question" USING btree ("event_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_answer_unique_idx" ON "order_answer" USING btree ("order_id","question_id","slot");