-- Full VAT invoices and re-issued documents (issue 32 point 4, decision 140): the seller's registered name and
-- address on its VAT registration; a receipt re-issued when the buyer's details change names the receipt it
-- replaces, and the credit note cancelling the old one names it (not a refund: no money moved).
DROP INDEX "order_document_receipt_idx";--> statement-breakpoint
DROP INDEX "order_document_cancellation_idx";--> statement-breakpoint
ALTER TABLE "order_document" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "order_document" ADD COLUMN "cancels_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_tax" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_tax" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_document" ADD CONSTRAINT "order_document_replaces_id_order_document_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."order_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_document" ADD CONSTRAINT "order_document_cancels_id_order_document_id_fk" FOREIGN KEY ("cancels_id") REFERENCES "public"."order_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_document_replaces_idx" ON "order_document" USING btree ("replaces_id") WHERE "order_document"."replaces_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_document_cancels_idx" ON "order_document" USING btree ("cancels_id") WHERE "order_document"."cancels_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_document_receipt_idx" ON "order_document" USING btree ("order_id") WHERE "order_document"."kind" = 'receipt' and "order_document"."replaces_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_document_cancellation_idx" ON "order_document" USING btree ("order_id") WHERE "order_document"."kind" = 'credit_note' and "order_document"."refund_id" is null and "order_document"."cancels_id" is null;--> statement-breakpoint
ALTER TABLE "order_document" ADD CONSTRAINT "order_document_replaces_check" CHECK ("order_document"."kind" = 'receipt' or "order_document"."replaces_id" is null);--> statement-breakpoint
ALTER TABLE "order_document" ADD CONSTRAINT "order_document_cancels_check" CHECK (("order_document"."kind" = 'credit_note' or "order_document"."cancels_id" is null) and ("order_document"."cancels_id" is null or "order_document"."refund_id" is null));