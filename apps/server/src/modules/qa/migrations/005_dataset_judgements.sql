-- Dataset judgements: a judge walks through a dataset under review data point by data point, picks for
-- each the value to accept (the uploaded one, a QA report's correction or their own), and finishes the
-- judgement, which accepts the dataset in a new version made of those values or rejects it.
create table qa_dataset_judgement (
  judgement_id uuid primary key,
  -- The dataset under review and its dimension (fixed facts, copied so a judgement reads on its own).
  data_id uuid not null,
  company_id uuid not null,
  data_type text not null,
  reporting_period text not null,
  judgement_state text not null
    check (judgement_state in ('Pending', 'FinishedWithDatasetAcceptance', 'FinishedWithDatasetRejection')),
  judge_user_id text,
  created_by_user_id text not null,
  -- Epoch milliseconds.
  created_at bigint not null,
  finished_at bigint,
  -- The accepted version a judgement finished with acceptance produced.
  accepted_data_id uuid
);
-- One pending judgement per dataset.
create unique index qa_dataset_judgement_pending on qa_dataset_judgement (data_id)
  where judgement_state = 'Pending';
create index qa_dataset_judgement_dataset on qa_dataset_judgement (data_id, created_at);

-- Per data point of the judged dataset: which value the judge accepted. Null source: not decided yet
-- (finishing with acceptance keeps the uploaded value).
create table qa_data_point_judgement (
  judgement_id uuid not null references qa_dataset_judgement (judgement_id),
  data_point_type text not null,
  data_point_id uuid not null,
  accepted_source text check (accepted_source in ('Original', 'Qa', 'Custom')),
  -- Qa: whose QA report's value was accepted.
  reporter_user_id text,
  -- Custom: the data point the judge entered, as JSON text, and why.
  custom_value text,
  reason text,
  primary key (judgement_id, data_point_type)
);
