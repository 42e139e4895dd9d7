-- Clicks by link-preview fetchers and crawlers (WeChat/Slack/Telegram previews, search bots; user agent matched by
-- `isbot`) are logged with bot = true but count as no click: not in click_count, not the record's click time.
alter table short_link_click add column bot boolean not null default false;
