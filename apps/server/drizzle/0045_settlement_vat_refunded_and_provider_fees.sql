-- Settlement with VAT net of refunds and the payment provider's fees (issue 32 point 5, decision 141): on each
-- order the VAT its refunds gave back (by the credit notes' rule) and the provider's fee as reported, with who it
-- was charged to; on the sandbox's payments the sandbox's own fee. Orders refunded before this change take the
-- VAT their credit notes gave back (the only refunds with VAT so far, decision 138, each issued by that rule).
ALTER TABLE "sandbox_checkout_session" ADD COLUMN "fee_amount" bigint;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "vat_refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "provider_fee_minor" bigint;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "provider_fee_payer" text;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_provider_fee_check" CHECK (("order"."provider_fee_minor" is null and "order"."provider_fee_payer" is null) or ("order"."provider_fee_minor" >= 0 and "order"."provider_fee_payer" in ('organizer', 'platform')));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_vat_refunded_check" CHECK ("order"."vat_refunded_minor" >= 0);--> statement-breakpoint
UPDATE "order" o SET "vat_refunded_minor" = refunded.vat
FROM (
  SELECT d."order_id", sum((line->>'vatMinor')::bigint) AS vat
  FROM "order_document" d, jsonb_array_elements(coalesce(d."content"->'tax'->'lines', '[]'::jsonb)) AS line
  WHERE d."kind" = 'credit_note'
  GROUP BY d."order_id"
) refunded
WHERE refunded."order_id" = o."id";
