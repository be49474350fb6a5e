-- Receipts and credit notes (decision 137): per-organisation unbroken number series, the documents issued
-- (immutable, content as at issue), and the buyer's business details for them.
CREATE TABLE "order_billing" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"company_name" text NOT NULL,
	"address" text NOT NULL,
	"vat_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sequence" bigint NOT NULL,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"refund_id" uuid,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_document_kind_check" CHECK ("order_document"."kind" in ('receipt', 'credit_note')),
	CONSTRAINT "order_document_total_check" CHECK ("order_document"."total_minor" >= 0),
	CONSTRAINT "order_document_refund_check" CHECK ("order_document"."kind" = 'credit_note' or "order_document"."refund_id" is null)
);
--> statement-breakpoint
CREATE TABLE "organization_document_sequence" (
	"organization_id" text NOT NULL,
	"series" text NOT NULL,
	"next_number" bigint NOT NULL,
	CONSTRAINT "organization_document_sequence_organization_id_series_pk" PRIMARY KEY("organization_id","series"),
	CONSTRAINT "organization_document_sequence_next_check" CHECK ("organization_document_sequence"."next_number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "order_billing" ADD CONSTRAINT "order_billing_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_billing" ADD CONSTRAINT "order_billing_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_document" ADD CONSTRAINT "order_document_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_document" ADD CONSTRAINT "order_document_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_document" ADD CONSTRAINT "order_document_refund_id_order_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refund"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_document_sequence" ADD CONSTRAINT "organization_document_sequence_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_document_number_idx" ON "order_document" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_document_sequence_idx" ON "order_document" USING btree ("organization_id","kind","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "order_document_receipt_idx" ON "order_document" USING btree ("order_id") WHERE "order_document"."kind" = 'receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "order_document_refund_idx" ON "order_document" USING btree ("refund_id") WHERE "order_document"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_document_cancellation_idx" ON "order_document" USING btree ("order_id") WHERE "order_document"."kind" = 'credit_note' and "order_document"."refund_id" is null;--> statement-breakpoint
CREATE INDEX "order_document_order_idx" ON "order_document" USING btree ("order_id","issued_at");