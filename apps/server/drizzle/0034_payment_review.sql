-- Payment review (issue 30, point 6; decision 050): a signed payment whose amount, currency or connected account
-- does not match its order puts the order in 'payment_review': no tickets, hold released, payment refunded. The
-- periodic refund retry finds those payments through the partial index.
ALTER TABLE "order" DROP CONSTRAINT "order_status_check";--> statement-breakpoint
CREATE INDEX "order_change_payment_review_idx" ON "order_change" USING btree ("order_id") WHERE "order_change"."action" = 'payment_review';--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_status_check" CHECK ("order"."status" in ('pending', 'paid', 'expired', 'cancelled', 'refunded', 'partially_refunded', 'payment_review'));