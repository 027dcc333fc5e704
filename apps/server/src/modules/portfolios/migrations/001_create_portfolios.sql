-- A user's portfolio: a named list of companies, optionally monitored for some frameworks.
create table portfolio (
  portfolio_id uuid primary key,
  user_id uuid not null,
  portfolio_name text not null,
  is_monitored boolean not null default false,
  monitored_frameworks text[] not null default '{}',
  notification_frequency text not null default 'Weekly'
    check (notification_frequency in ('NoNotifications', 'Daily', 'Weekly', 'Monthly')),
  time_window_threshold text check (time_window_threshold in ('Standard', 'Extended')),
  shared_user_ids text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index portfolio_user on portfolio (user_id, created_at);
create index portfolio_monitored on portfolio (portfolio_id) where is_monitored;

-- The companies of a portfolio, in the order they were given.
create table portfolio_company (
  portfolio_id uuid not null references portfolio (portfolio_id) on delete cascade,
  company_id uuid not null,
  position integer not null,
  primary key (portfolio_id, company_id)
);
create index portfolio_company_company on portfolio_company (company_id);

-- What monitoring asked for on a user's behalf: each company, framework and period once, so a
-- request that was answered, withdrawn or closed is not asked again every day.
create table portfolio_monitoring_request (
  user_id uuid not null,
  company_id uuid not null,
  data_type text not null,
  reporting_period text not null,
  data_request_id uuid,
  portfolio_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (user_id, company_id, data_type, reporting_period)
);

-- Requests for help from the portfolio page; the administrators get them by e-mail.
create table portfolio_support_request (
  support_request_id uuid primary key,
  user_id uuid not null,
  topic text not null,
  message text not null,
  created_at timestamptz not null default now()
);

-- When the periodic monitoring run is due next; the run moves it on, so one run happens per period
-- however many instances there are.
create table portfolio_schedule (
  job_type text primary key,
  due_at timestamptz not null
);
