-- Company roles: at most one role per user and company (assigning another role replaces it).
create table community_company_role (
  company_id uuid not null,
  user_id uuid not null,
  role text not null check (role in ('CompanyOwner', 'DataUploader', 'MemberAdmin', 'Member')),
  assigned_by_user_id uuid,
  assigned_at timestamptz not null default now(),
  primary key (company_id, user_id)
);
create index community_company_role_user on community_company_role (user_id);

-- Claims of users to own a company; an admin approves one by assigning CompanyOwner, which resolves it.
create table community_ownership_claim (
  id uuid primary key,
  company_id uuid not null,
  user_id uuid not null,
  comment text,
  created_at timestamptz not null default now(),
  resolved_at timestamptz
);
create unique index community_ownership_claim_pending on community_ownership_claim (company_id, user_id)
  where resolved_at is null;
