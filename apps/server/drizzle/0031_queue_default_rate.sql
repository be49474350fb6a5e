-- The waiting room admits 900 fans a minute by default, under a third of the sales a second checkout-rush completes
-- end to end (decision 045). Events keep the rate they have: it is the organiser's setting, whichever value it holds.
ALTER TABLE "event" ALTER COLUMN "queue_rate_per_minute" SET DEFAULT 900;
