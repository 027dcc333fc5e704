-- An upload awaiting review wrote each of its data points (about 112 for SFDR) into an index of
-- (company, period, type), one random place per upload. Only the choice of the active data point reads
-- it, and that looks only at accepted and active data points: the index now holds only those, so a
-- version enters it when it is accepted, not when it is uploaded. Lists of data points by company go
-- through the company's datasets (dataset_dimension) instead.
drop index dataset_data_point_dimension;
create index dataset_data_point_dimension on dataset_data_point (company_id, reporting_period, data_point_type)
  where qa_status = 'Accepted' or currently_active;

-- The framework JSON (about 40 KB for SFDR) is compressed on every upload and uncompressed on every
-- read and export; lz4 does both several times faster than PostgreSQL's default (pglz), at a slightly
-- larger size. Rows written before keep their compression. A database built without lz4 (the embedded
-- one) keeps pglz.
do $$
begin
  alter table dataset alter column data set compression lz4;
exception when feature_not_supported then null;
end
$$;
