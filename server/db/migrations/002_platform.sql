create table site_setting (
  key text primary key,
  value text not null
);

create table menu (
  id text primary key,
  parent_id text references menu (id),
  module text not null,
  path text not null,
  label text not null,
  label_en text not null,
  icon text not null,
  roles text[] not null,
  sort int not null
);
create index menu_module_idx on menu (module, sort);

create table country (
  id serial primary key,
  iso char(2) not null unique,
  name_zh text not null,
  name_en text not null,
  calling_code text not null,
  price numeric(10, 4) not null
);

create table error_log (
  id bigserial primary key,
  cus_id text,
  message text not null,
  stack text not null default '',
  url text not null default '',
  time text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now()
);
