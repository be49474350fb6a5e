-- Comps (issue 31, decision 126): an order's channel is online, door or comp, and a comp's amounts are 0.
ALTER TABLE "order" ADD CONSTRAINT "order_channel_check" CHECK ("order"."channel" in ('online', 'door', 'comp'));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_comp_free_check" CHECK ("order"."channel" <> 'comp' or ("order"."amount_minor" = 0 and "order"."fee_minor" = 0));