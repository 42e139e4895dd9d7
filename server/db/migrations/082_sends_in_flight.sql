-- A large send writes its records in one transaction. Until it commits, their index entries are already there and
-- not yet visible, and a list walking newest first (a customer's, the administrator's) would check each of them
-- against the open transaction: with a million stored so far, a page took over a second. Such a send stamps its
-- records with one time no other record has (a microsecond of its own) and names that time here, committed in a
-- statement of its own before its records go in; its transaction deletes the row as it commits, so while the row is
-- there the records are not visible. A list walks the index around the times its process last saw here and reads
-- the table in the same statement; it reads again if a time it went around has gone (server/lists/in-flight.ts). A
-- row left by a crashed send names a time no committed record carries, so it hides nothing; the next large send
-- deletes it.
create table send_in_flight (
  record_time timestamptz primary key,
  prod_type smallint not null,
  batch_id text not null,
  created timestamptz not null default now()
);
