-- Users of the embedded identity provider. Usernames and e-mail addresses are unique without regard to case.
create table identity_user (
  id uuid primary key,
  username text not null,
  email text not null,
  name text not null default '',
  password_hash text not null,
  roles text[] not null default '{ROLE_USER}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index identity_user_username_key on identity_user (lower(username));
create unique index identity_user_email_key on identity_user (lower(email));

-- Keys that sign the provider's tokens. The newest unretired key signs; retired keys stay published in the
-- JWKS until every token they signed has expired.
create table identity_signing_key (
  kid text primary key,
  private_jwk jsonb not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);

-- Secrets shared by every server instance (the provider's cookie signing keys).
create table identity_secret (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- The provider's own state: sessions, interactions, grants, codes and tokens, one row per object.
create table identity_oidc_payload (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index identity_oidc_payload_grant on identity_oidc_payload (grant_id) where grant_id is not null;
create index identity_oidc_payload_uid on identity_oidc_payload (uid) where uid is not null;
create index identity_oidc_payload_expiry on identity_oidc_payload (expires_at);

-- Failed sign-ins per account ("user:<name>") and per address ("address:<ip>"), for delays and locks.
create table identity_login_failure (
  key text primary key,
  failures integer not null,
  last_failure_at timestamptz not null,
  locked_until timestamptz
);
