-- The review state of every uploaded dataset as quality assurance keeps it: one row per dataset,
-- filled from `dataset.uploaded` (or on first use). The facts of the dataset (company, framework,
-- period, upload time) never change; the review state changes only through a verdict.
create table qa_dataset (
  data_id uuid primary key,
  company_id uuid not null,
  data_type text not null,
  reporting_period text not null,
  uploader_user_id text,
  -- Epoch milliseconds, as on the wire.
  upload_time bigint not null,
  qa_status text not null check (qa_status in ('Pending', 'Accepted', 'Rejected')),
  -- Raised by every verdict; a verdict is written only against the version it was given for.
  version integer not null default 0,
  -- When the current status was set: the upload time until the first verdict.
  status_time bigint not null,
  -- Who set the current status (the uploader until the first verdict) and why.
  status_user_id text,
  comment text
);
create index qa_dataset_queue on qa_dataset (qa_status, upload_time, data_id);
create index qa_dataset_company on qa_dataset (company_id);

-- Every state a dataset's review has had: the upload, then each verdict (who, when, status, comment).
create table qa_dataset_review (
  review_id uuid primary key,
  data_id uuid not null references qa_dataset (data_id),
  seq bigserial not null,
  qa_status text not null check (qa_status in ('Pending', 'Accepted', 'Rejected')),
  previous_qa_status text check (previous_qa_status in ('Pending', 'Accepted', 'Rejected')),
  -- The reviewer; for the upload entry the uploader.
  user_id text,
  is_upload boolean not null default false,
  comment text,
  overwrite_data_points boolean not null default false,
  reviewed_at bigint not null
);
create index qa_dataset_review_dataset on qa_dataset_review (data_id, seq);

-- Every state a data point's review has had: its upload, verdicts on it, and verdicts carried over
-- from its dataset. The newest entry of a data point is marked `latest` and is its current state.
create table qa_data_point_review (
  review_id uuid primary key,
  data_point_id uuid not null,
  seq bigserial not null,
  data_id uuid not null references qa_dataset (data_id),
  company_id uuid not null,
  data_type text not null,
  data_point_type text not null,
  reporting_period text not null,
  upload_time bigint not null,
  qa_status text not null check (qa_status in ('Pending', 'Accepted', 'Rejected')),
  user_id text,
  is_upload boolean not null default false,
  comment text,
  -- Set when the entry came from a verdict on the whole dataset.
  dataset_review_id uuid references qa_dataset_review (review_id),
  reviewed_at bigint not null,
  latest boolean not null default true
);
create unique index qa_data_point_review_latest on qa_data_point_review (data_point_id) where latest;
create index qa_data_point_review_point on qa_data_point_review (data_point_id, seq);
create index qa_data_point_review_dataset on qa_data_point_review (data_id) where latest;
create index qa_data_point_review_queue on qa_data_point_review (qa_status, upload_time) where latest;
create index qa_data_point_review_dimension on qa_data_point_review (company_id, reporting_period, data_point_type);
