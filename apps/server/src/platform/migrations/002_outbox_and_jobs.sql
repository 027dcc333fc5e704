-- Events are written in the transaction of the change that caused them and handed to subscribers later.
create table platform_event (
  id bigserial primary key,
  type text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  dispatched_at timestamptz
);
create index platform_event_pending on platform_event (id) where dispatched_at is null;

-- Work that can wait. A job is claimed with a lease, so any instance may run it and a crashed one
-- hands it on when the lease runs out.
create table platform_job (
  id bigserial primary key,
  type text not null,
  payload jsonb not null,
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 5,
  leased_until timestamptz,
  last_error text,
  finished_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz not null default now()
);
create index platform_job_due on platform_job (run_at) where finished_at is null and failed_at is null;
