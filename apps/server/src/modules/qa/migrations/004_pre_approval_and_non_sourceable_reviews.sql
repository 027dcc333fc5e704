-- The pre-approval configuration: the share of uploads that still go to review (samplingProbability
-- on the wire). 1 means every upload awaits review; 0 means every upload is accepted at once. One row.
create table qa_pre_approval_config (
  singleton boolean primary key default true check (singleton),
  sampling_probability double precision not null
    check (sampling_probability >= 0 and sampling_probability <= 1),
  changed_by_user_id text,
  changed_at bigint
);
insert into qa_pre_approval_config (singleton, sampling_probability) values (true, 1);

-- The reviews of non-sourceability claims (the claims themselves are the datasets module's): who
-- decided, when, and why. One decision per claim; a claim without a row awaits review.
create table qa_non_sourceable_review (
  non_sourceability_id uuid primary key,
  qa_status text not null check (qa_status in ('Accepted', 'Rejected')),
  reviewer_user_id text not null,
  comment text,
  reviewed_at bigint not null
);
