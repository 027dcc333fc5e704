-- The request tables. Until the requests module existed, community/001 created them (and recorded
-- itself as community version 1); a database made then has them already, so every statement here
-- is "if not exists": there it changes nothing, on a new database it creates them (docs/requests.md).

-- Data requests: one store for both published surfaces (/community/requests and /data-sourcing/requests).
-- `state` is the canonical state; each surface maps it onto its own vocabulary (docs/requests.md).
create table if not exists community_data_request (
  id uuid primary key,
  user_id uuid not null,
  company_id uuid not null,
  data_type text not null,
  reporting_period text not null,
  state text not null default 'Open'
    check (state in ('Open', 'Processing', 'Answered', 'Resolved', 'Closed', 'Withdrawn', 'NonSourceable')),
  access_status text not null default 'Public'
    check (access_status in ('Public', 'Pending', 'Granted', 'Declined', 'Revoked')),
  priority text not null default 'Baseline' check (priority in ('Low', 'Baseline', 'High', 'Urgent')),
  admin_comment text,
  member_comment text,
  notify_me_immediately boolean not null default false,
  answering_data_id text,
  created_at timestamptz not null default now(),
  last_modified_at timestamptz not null default now()
);
-- A user has at most one active request per company, framework and period.
create unique index if not exists community_data_request_active on community_data_request
  (user_id, company_id, data_type, reporting_period) where state in ('Open', 'Processing');
create index if not exists community_data_request_dimensions on community_data_request (company_id, data_type, reporting_period);
create index if not exists community_data_request_user on community_data_request (user_id, created_at);

-- Every change of a request's state, access status, priority or admin comment, as the state after it.
create table if not exists community_data_request_history (
  id bigserial primary key,
  request_id uuid not null references community_data_request (id) on delete cascade,
  state text not null,
  access_status text not null,
  priority text not null,
  admin_comment text,
  reason text,
  answering_data_id text,
  changed_by_user_id uuid,
  created_at timestamptz not null default now()
);
create index if not exists community_data_request_history_request on community_data_request_history (request_id, id);

-- Messages a requester sent along to company contacts.
create table if not exists community_data_request_message (
  id bigserial primary key,
  request_id uuid not null references community_data_request (id) on delete cascade,
  contacts text[] not null,
  message text,
  created_at timestamptz not null default now()
);
create index if not exists community_data_request_message_request on community_data_request_message (request_id, id);
