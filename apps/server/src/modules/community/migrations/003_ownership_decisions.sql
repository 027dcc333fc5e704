-- Admins decide ownership claims in the admin console: approve (the user becomes a CompanyOwner) or
-- decline. Until now a claim could only be approved, so every resolved claim was an approval.
alter table community_ownership_claim
  add column decision text check (decision in ('Approved', 'Declined')),
  add column decided_by_user_id uuid;
update community_ownership_claim set decision = 'Approved' where resolved_at is not null;
create index community_ownership_claim_open on community_ownership_claim (created_at) where resolved_at is null;
