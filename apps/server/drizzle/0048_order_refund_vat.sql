-- A refund keeps the VAT it gave back (decision 143), as added to its order's vat_refunded_minor, so a credit note
-- issued later in the same sale (a resold ticket's) is worked out on the order as it stood before that refund.
-- Refunds applied before this change keep 0: their credit notes were issued with them.
ALTER TABLE "order_refund" ADD COLUMN "vat_minor" bigint DEFAULT 0 NOT NULL;