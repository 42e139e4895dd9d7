-- The preview of a video template (spec section 3, Preview: videoTheme, videoFrameList): its frames in order, each
-- a picture or clip and a caption. media_url is a data: URI or a path the server serves; never an external host.
create table video_template_frame (
  cus_template_id int not null references video_template (cus_template_id) on delete cascade,
  seq smallint not null,
  -- image, video or audio
  media_type text not null default 'image',
  media_url text not null,
  text_content text not null default '',
  primary key (cus_template_id, seq)
);
