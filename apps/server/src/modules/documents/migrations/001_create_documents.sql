-- Bytes of uploaded files, in fixed-size chunks. A blob starts as 'staging' while its upload streams in
-- and becomes 'stored' in the same transaction that creates the document pointing at it; staging blobs
-- that nobody touches any more are leftovers of failed or cut uploads and are removed.
create table document_blob (
  blob_id uuid primary key,
  state text not null default 'staging' check (state in ('staging', 'stored')),
  chunk_size integer not null,
  started_at timestamptz not null default now(),
  touched_at timestamptz not null default now()
);

create index document_blob_staging on document_blob (touched_at) where state = 'staging';

create table document_blob_chunk (
  blob_id uuid not null references document_blob (blob_id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (blob_id, seq)
);

-- Keep chunk bytes as they are: PDFs and office files are compressed already.
alter table document_blob_chunk alter column data set storage external;

create table document (
  document_id text primary key check (document_id ~ '^[0-9a-f]{64}$'),
  blob_id uuid not null unique references document_blob (blob_id),
  document_name text not null,
  document_category text check (document_category in ('AnnualReport', 'SustainabilityReport', 'Policy', 'Other')),
  publication_date date,
  reporting_period text,
  uploader_id text not null,
  upload_time timestamptz not null default now(),
  document_type text not null,
  media_type text not null,
  size_bytes bigint not null,
  qa_status text not null default 'Accepted' check (qa_status in ('Pending', 'Accepted', 'Rejected'))
);

create index document_category_period on document (document_category, reporting_period);
create index document_publication on document (publication_date desc nulls last, upload_time desc);

create table document_company (
  document_id text not null references document (document_id) on delete cascade,
  company_id text not null,
  primary key (document_id, company_id)
);

create index document_company_company on document_company (company_id);
