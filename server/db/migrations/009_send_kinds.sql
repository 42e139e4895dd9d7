-- Every send kind can be timed (issue 4): the timed batch says which kind it is, and its details carry what each
-- sent record needs (country of an international number, the promotion link of a link send).
-- kind: group, p2p, link, video, csp, intl
alter table time_batch add column kind text not null default 'group';
alter table time_batch add column template_name text;
alter table time_mt_message add column country_code text;
alter table time_mt_message add column long_link text;
