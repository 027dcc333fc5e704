-- Company proxies: an admin records that one company's data stands in for another's (a parent's report
-- covers a subsidiary), for one framework or all (null) and one reporting period or all (null).
create table company_proxy (
  proxy_id uuid primary key,
  -- The company whose data is missing and is stood in for.
  proxied_company_id uuid not null references company (company_id) on delete cascade,
  -- The company whose data stands in.
  proxy_company_id uuid not null references company (company_id) on delete cascade,
  framework text,
  reporting_period text,
  created_at timestamptz not null default now(),
  constraint company_proxy_not_itself check (proxied_company_id <> proxy_company_id)
);
-- The service refuses overlapping proxies of one company; this index is the backstop for the exact
-- duplicate, and serves the look-up of a company's proxies.
create unique index company_proxy_scope on company_proxy (
  proxied_company_id, coalesce(framework, ''), coalesce(reporting_period, '')
);
create index company_proxy_proxy_company on company_proxy (proxy_company_id);
