-- What the admin console needs to know and change about an account.
-- disabled_at: the account may not sign in, and its tokens, sessions and API key stop working.
-- last_sign_in_at: the last right password at the sign-in page.
-- tokens_valid_after: access tokens issued before this moment are refused (an admin ended the
--   account's sessions, or disabled it), although they have not expired yet.
-- invited_at: made by an admin, with a link to set the password sent by e-mail.
alter table identity_user add column disabled_at timestamptz;
alter table identity_user add column last_sign_in_at timestamptz;
alter table identity_user add column tokens_valid_after timestamptz;
alter table identity_user add column invited_at timestamptz;
-- The accounts whose credentials the authenticator refuses, read every few seconds: kept small.
create index identity_user_revoked on identity_user (id)
  where disabled_at is not null or tokens_valid_after is not null;
