-- International send (issue 4): the sender id a batch goes out under (1 to 11 letters and digits, src/domain/send-intl.ts).
-- One per send, so it sits on the batch, not on each of a million records; a timed batch carries it to the batch the
-- scheduler creates when it sends. Null: the route's default sender.
alter table sms_batch add column sender_id text;
alter table time_batch add column sender_id text;
