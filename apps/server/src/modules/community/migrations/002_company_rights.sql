-- Rights an admin gives a company (Member, Provider); the users holding a company role there inherit
-- what the right brings (packages/frameworks/src/access.ts, INHERITED_ROLES) for as long as both hold.
create table community_company_right (
  company_id uuid not null,
  company_right text not null check (company_right in ('Member', 'Provider')),
  assigned_by_user_id uuid,
  assigned_at timestamptz not null default now(),
  primary key (company_id, company_right)
);
