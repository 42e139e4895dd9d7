-- Online number check (issue 12). Checks are a product of their own, priced per number per account like the sends
-- (customer_product); accounts existing when this runs get the platform's price of 0.005 a number.
insert into product (prod_type, name, name_en) values (7, '号码检测', 'Number check') on conflict do nothing;
insert into customer_product (cus_id, prod_type, price) select cus_id, 7, 0.005 from customer on conflict do nothing;

-- What a check batch billed, and the state of each number it checked (1 real, 2 empty, 3 powered off,
-- 4 not in the database, 5 silent, 6 risk; src/domain/number-check-online.ts).
alter table mobile_status_batch add column unit_price numeric(10, 4) not null default 0;
alter table mobile_status_batch add column cost numeric(14, 3) not null default 0;

create table mobile_status_number (
  batch_id int not null references mobile_status_batch (id) on delete cascade,
  seq int not null,
  mobile text not null,
  state smallint not null check (state between 1 and 6),
  primary key (batch_id, seq)
);
