-- Customer administration (issue 13): an administrator prices each customer per product (customer_product, 001) and,
-- for international sends, per country. A country without a row here bills at the platform's price (country.price).
-- Sub-accounts copy their parent's prices when created.
create table customer_country_price (
  cus_id text not null references customer (cus_id),
  iso char(2) not null references country (iso),
  price numeric(10, 4) not null check (price >= 0),
  primary key (cus_id, iso)
);

-- Charges and transfers are money with 3 decimals, as the balance is stored; the column had 2.
alter table recharge_record alter column recharge_money type numeric(14, 3);

-- The balance never goes below zero: charges, transfers and sends all check it under the row lock, and this holds
-- should a statement ever forget.
alter table customer add constraint customer_balance_nonnegative check (balance >= 0);
