-- One row per e-mail address and kind of e-mail. Its id is the token in the unsubscribe link of every
-- mail of that kind to that address; unsubscribed_at set means no more mails of the kind go there.
create table notification_subscription (
  subscription_id uuid primary key,
  email_address text not null,
  kind text not null,
  created_at timestamptz not null default now(),
  unsubscribed_at timestamptz
);
create unique index notification_subscription_address_kind
  on notification_subscription (lower(email_address), kind);

-- The outbox of rendered e-mails. A mail is written in the transaction of the event or change that
-- causes it, with a send job beside it. Without SMTP it stays here as 'Pending'.
create table notification_mail (
  mail_id uuid primary key,
  kind text not null,
  recipient_email text not null,
  recipient_user_id uuid,
  subscription_id uuid not null references notification_subscription (subscription_id),
  subject text not null,
  text_body text not null,
  html_body text not null,
  reply_to text,
  status text not null default 'Pending'
    check (status in ('Pending', 'Sent', 'Failed', 'Unsubscribed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index notification_mail_newest on notification_mail (created_at desc);
create index notification_mail_pending on notification_mail (created_at) where status = 'Pending';

-- New or updated data in monitored portfolios, collected per user and frequency until the digest
-- that covers it is written (mail_id set).
create table notification_digest_item (
  item_id bigserial primary key,
  user_id uuid not null,
  frequency text not null check (frequency in ('Daily', 'Weekly', 'Monthly')),
  due_at timestamptz not null,
  portfolio_id uuid not null,
  portfolio_name text not null,
  company_id uuid not null,
  company_name text not null,
  data_type text not null,
  reporting_period text not null,
  data_id text not null,
  is_update boolean not null,
  created_at timestamptz not null default now(),
  mail_id uuid
);
create index notification_digest_item_open on notification_digest_item (user_id, frequency, due_at)
  where mail_id is null;

-- One digest job per user, frequency and due time: the first item of a period schedules it.
create table notification_digest_batch (
  user_id uuid not null,
  frequency text not null,
  due_at timestamptz not null,
  primary key (user_id, frequency, due_at)
);
