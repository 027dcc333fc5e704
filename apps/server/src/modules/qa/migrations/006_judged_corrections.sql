-- The corrections a finished judgement made, for the readers of the accepted version it produced.
--
-- A Qa decision names the reporter; finishing now also records which of their findings it took (the
-- newest active one at that moment), so the version's corrections keep naming that finding's comment
-- even when the report is deactivated later.
alter table qa_data_point_judgement add column accepted_qa_entry_id uuid;

-- Judgements finished before: the reporter's newest finding on the data point written before the
-- judgement finished (the one finishing took, unless it was deactivated between).
update qa_data_point_judgement p
set accepted_qa_entry_id = (
  select e.qa_entry_id
  from qa_report_entry e
  join qa_report r on r.qa_report_id = e.qa_report_id
  join qa_dataset_judgement j on j.judgement_id = p.judgement_id
  where r.data_id = j.data_id
    and e.data_point_id = p.data_point_id
    and r.reporter_user_id = p.reporter_user_id
    and e.verdict is not null
    and r.upload_time <= j.finished_at
  order by r.upload_time desc, e.qa_entry_id
  limit 1
)
where p.accepted_source = 'Qa'
  and exists (
    select 1 from qa_dataset_judgement j
    where j.judgement_id = p.judgement_id and j.judgement_state = 'FinishedWithDatasetAcceptance'
  );

-- Readers of a version ask which judgement produced it.
create index qa_dataset_judgement_accepted on qa_dataset_judgement (accepted_data_id)
  where accepted_data_id is not null;
