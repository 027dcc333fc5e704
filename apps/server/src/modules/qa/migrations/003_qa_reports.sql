-- QA reports: a reviewer's findings on an uploaded dataset or on one data point. A report on a dataset
-- holds one entry per field the reviewer looked at; a report on a data point holds exactly one entry.
create table qa_report (
  qa_report_id uuid primary key,
  data_id uuid not null,
  -- The framework of the dataset (a report on a dataset) or the data point type (a report on a data point).
  data_type text not null,
  on_data_point boolean not null,
  reporter_user_id text not null,
  -- Epoch milliseconds, as on the wire.
  upload_time bigint not null,
  -- A report is never deleted: its reporter (or an admin) deactivates it, and may reactivate it.
  active boolean not null default true
);
create index qa_report_dataset on qa_report (data_id, upload_time);
create index qa_report_upload_time on qa_report (upload_time);

-- One entry per field of a report. Each entry is also a report on its data point, named by its own id
-- (qa_entry_id) at /qa/data-points/{dataPointId}/reports; for a report on a data point it is the report's id.
create table qa_report_entry (
  qa_report_id uuid not null references qa_report (qa_report_id),
  -- The field's wire path in the framework data (a dataset report); null for a report on a data point.
  field_path text,
  qa_entry_id uuid not null,
  -- The data point the entry judges; null when the dataset holds no value for the field.
  data_point_id uuid,
  data_point_type text not null,
  -- Null for a value the reference's report carries as it is, without a verdict (SFDR's high impact
  -- climate sectors).
  verdict text check (verdict in ('QaAccepted', 'QaRejected', 'QaInconclusive', 'QaNotAttempted')),
  comment text,
  -- The corrected data point as JSON text, as on the wire.
  corrected_data text,
  active boolean not null default true,
  primary key (qa_report_id, data_point_type)
);
create unique index qa_report_entry_id on qa_report_entry (qa_entry_id);
create index qa_report_entry_data_point on qa_report_entry (data_point_id) where data_point_id is not null;
