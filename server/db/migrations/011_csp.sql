-- 5G (csp) sending (issue 4): the accounts' chatbots, what each csp template sends (spec section 3, Preview), and
-- the chatbot, template and fallback contents of every csp batch.

-- A csp account's chatbots (/user/getChatbotList); csp_template.chatbot_id names one of them.
create table chatbot (
  chatbot_id text primary key,
  cus_id text not null references customer (cus_id),
  name text not null,
  -- 0 offline, 1 online (only an online chatbot sends)
  status smallint not null default 1,
  create_time timestamptz not null default now()
);
create index chatbot_cus_idx on chatbot (cus_id);

-- The send content of a csp template: a text or a rich card carousel, and the fallback contents registered with it.
create table csp_template_content (
  template_id int primary key references csp_template (template_id) on delete cascade,
  -- text/plain or application/vnd.gsma.botmessage.v1.0+json (cards)
  content_type text not null,
  text_5g text not null default '',
  -- [{cardSeq, mediaType image|video|audio, mediaUrl, cardTitle, textContent, buttons: [{buttonName}]}]
  card_list jsonb not null default '[]',
  sms_text text not null default '',
  video_theme text not null default '',
  -- [{seq, mediaType, mediaUrl, textContent}]
  video_frames jsonb not null default '[]',
  aim_text text not null default ''
);

-- What a csp batch (sms_batch.batch_id, or time_batch.time_batch for a timed one) sent and would fall back to.
create table csp_send (
  batch_id text primary key,
  cus_id text not null,
  chatbot_id text not null,
  template_id int not null,
  -- chosen fallback codes, comma separated (as csp_template.low_type); empty for none
  low_type text not null default '',
  sms_text text,
  video_template_id int,
  aim_text text,
  create_time timestamptz not null default now()
);
