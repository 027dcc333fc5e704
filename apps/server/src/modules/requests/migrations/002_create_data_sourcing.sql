-- The sourcing tables. Until the requests module existed, data-sourcing/001 created them (recorded as
-- data-sourcing version 1); as in 001, "if not exists" keeps such a database as it is.

-- Data sourcing objects: the work of finding the data for one company, framework and reporting period.
-- A request belongs to the sourcing object of its dimension (docs/requests.md).
create table if not exists data_sourcing (
  id uuid primary key,
  company_id uuid not null,
  data_type text not null,
  reporting_period text not null,
  state text not null default 'Initialized' check (state in (
    'Initialized', 'DocumentSourcing', 'DocumentSourcingDone', 'DataExtraction', 'DataVerification',
    'NonSourceableVerification', 'NonSourceable', 'Done')),
  document_ids text[] not null default '{}',
  -- [{ "documentCategory": "AnnualReport", "expectedPublicationDate": "2025-04-30" }, ...]
  expected_publication_dates jsonb not null default '[]',
  -- A calendar date, YYYY-MM-DD.
  date_of_next_document_sourcing_attempt text,
  -- Companies that collect the documents and extract the data.
  document_collector uuid,
  data_extractor uuid,
  admin_comment text,
  -- 1 is the most urgent.
  priority integer,
  -- Epoch milliseconds, as on the wire.
  created_at bigint not null,
  last_modified_at bigint not null,
  unique (company_id, data_type, reporting_period)
);
create index if not exists data_sourcing_state on data_sourcing (state, created_at);
create index if not exists data_sourcing_document_collector on data_sourcing (document_collector);
create index if not exists data_sourcing_data_extractor on data_sourcing (data_extractor);

-- Every change of a sourcing object: the object as it was after the change, who made it (null: the
-- platform itself, e.g. on `dataset.activated`), when, the state before and after, and why.
create table if not exists data_sourcing_history (
  id bigserial primary key,
  data_sourcing_id uuid not null references data_sourcing (id) on delete cascade,
  from_state text,
  to_state text not null,
  changed_by_user_id uuid,
  comment text,
  snapshot jsonb not null,
  changed_at bigint not null
);
create index if not exists data_sourcing_history_object on data_sourcing_history (data_sourcing_id, id);
