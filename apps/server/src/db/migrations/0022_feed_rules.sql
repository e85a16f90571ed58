-- A feed's rule "leave out restricted items": with it, every item restricted somewhere by a compliance
-- rule stays out of the feed (items blocked in every state always do).
ALTER TABLE "feeds" ADD COLUMN "leave_out_restricted" boolean DEFAULT false NOT NULL;
