-- Password reset links sent by e-mail. Only a SHA-256 of the link's secret is kept. A link ends when it
-- is used or when a newer one is requested for the same account (ended_at and why), or at expires_at.
create table identity_password_reset (
  token_hash text primary key,
  user_id uuid not null references identity_user (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz,
  ended_why text check (ended_why in ('used', 'superseded')),
  -- The sign-in the request came from, to continue it once the new password is set.
  interaction_uid text
);
create index identity_password_reset_user on identity_password_reset (user_id, created_at);
