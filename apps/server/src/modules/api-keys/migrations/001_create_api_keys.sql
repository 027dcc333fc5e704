-- One API key per user; only a salted SHA-256 of the whole key is kept, never the key itself.
create table api_key (
  user_id uuid primary key,
  salt text not null,
  key_hash text not null,
  expires_at timestamptz,
  -- Who the key acts for as known when it was made; used only when the identity provider is external
  -- and the user is not stored here (otherwise the stored user's current roles apply).
  username text not null,
  roles text[] not null,
  created_at timestamptz not null default now()
);
