-- Every upload is an immutable version of a framework dataset. The framework JSON is kept whole as
-- jsonb; the data points are also kept one row each (below) for per-data-point review and availability.
create table dataset (
  data_id uuid primary key,
  company_id uuid not null,
  data_type text not null,
  reporting_period text not null,
  uploader_user_id text,
  -- Epoch milliseconds, as on the wire.
  upload_time bigint not null,
  -- Orders uploads of the same millisecond: the later insert is the newer version.
  upload_seq bigserial not null,
  qa_status text not null check (qa_status in ('Pending', 'Accepted', 'Rejected')),
  currently_active boolean not null default false,
  data jsonb not null
);
-- One active dataset per company, framework and reporting period: the newest accepted one.
create unique index dataset_one_active on dataset (company_id, data_type, reporting_period) where currently_active;
create index dataset_dimension on dataset (company_id, data_type, reporting_period, upload_time desc, upload_seq desc);
create index dataset_type_active on dataset (data_type, company_id) where currently_active;
create index dataset_uploader on dataset (uploader_user_id, upload_time desc);
create index dataset_qa on dataset (qa_status, upload_time desc);

-- One row per data point of a dataset: its type, its value (the wire JSON of the field) and its own
-- review status. The active data point of a (company, type, period) is the newest accepted one.
create table dataset_data_point (
  data_point_id uuid primary key,
  data_id uuid not null references dataset (data_id),
  data_type text not null,
  data_point_type text not null,
  company_id uuid not null,
  reporting_period text not null,
  value jsonb not null,
  qa_status text not null check (qa_status in ('Pending', 'Accepted', 'Rejected')),
  currently_active boolean not null default false
);
create index dataset_data_point_dataset on dataset_data_point (data_id);
create index dataset_data_point_dimension on dataset_data_point (company_id, reporting_period, data_point_type);
create index dataset_data_point_active on dataset_data_point (data_point_type, company_id) where currently_active;

-- Statements that data for a (company, framework, period) cannot be found, with who said so and why.
create table dataset_non_sourceable (
  non_sourceability_id uuid primary key,
  company_id uuid not null,
  data_type text not null,
  reporting_period text not null,
  reason text,
  uploader_user_id text not null,
  upload_time bigint not null,
  upload_seq bigserial not null,
  qa_status text not null check (qa_status in ('Pending', 'Accepted', 'Rejected')),
  bypass_qa boolean not null,
  currently_active boolean not null default false
);
create index dataset_non_sourceable_dimension on dataset_non_sourceable (company_id, data_type, reporting_period);

-- Export jobs: the request, its state, and the finished file in chunks (any instance can serve it).
create table dataset_export_job (
  export_job_id uuid primary key,
  user_id text not null,
  data_type text not null,
  request jsonb not null,
  file_format text not null,
  state text not null default 'Pending' check (state in ('Pending', 'Success', 'Failure')),
  file_name text,
  media_type text,
  size_bytes bigint,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index dataset_export_job_created on dataset_export_job (created_at);

create table dataset_export_chunk (
  export_job_id uuid not null references dataset_export_job (export_job_id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (export_job_id, seq)
);
alter table dataset_export_chunk alter column data set storage external;

-- Which stored documents each dataset cites; documents cited only by private datasets are hidden
-- from users who may not see those datasets.
create table dataset_document (
  data_id uuid not null references dataset (data_id),
  document_id text not null,
  private boolean not null,
  primary key (data_id, document_id)
);
create index dataset_document_document on dataset_document (document_id);
