-- The audit trail: one row per privileged change, written in the transaction of the change itself.
-- Who acted is kept as they were named at the time (actor_name), so an entry still reads right after
-- the account is renamed or deleted; actor_id is null for an operator's command line.
create table audit_entry (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_name text not null,
  action text not null,
  object_type text not null,
  object_id text not null,
  before jsonb,
  after jsonb
);
create index audit_entry_at on audit_entry (at desc, id desc);
create index audit_entry_object on audit_entry (object_type, object_id);
create index audit_entry_actor on audit_entry (actor_id, at desc);
create index audit_entry_action on audit_entry (action, at desc);

-- Append-only: the database itself refuses to change or remove an entry, whatever code asks.
create function audit_entry_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'the audit trail is append-only: % on audit_entry refused', tg_op
    using errcode = 'insufficient_privilege';
end
$$;
create trigger audit_entry_no_update_or_delete before update or delete on audit_entry
  for each row execute function audit_entry_refuse_change();
create trigger audit_entry_no_truncate before truncate on audit_entry
  for each statement execute function audit_entry_refuse_change();
