-- Every upload writes one entry per data point (about 112 for SFDR), so each index of
-- qa_data_point_review costs a hundred insertions per upload. Three of its six are replaced:
-- - review_id (a random UUID, so every insertion landed on another page of its primary key) is
--   referred to by nothing and shown nowhere; an entry is named by its data point and seq.
-- - The entries of a dataset are found by (data_id, seq), the new primary key: a verdict on the dataset
--   retires them through it, a data point's history reads them through its dataset (a few hundred
--   rows) instead of an index of its own, and lists by company go through the company's datasets
--   (qa_dataset_company) instead of an index of (company, period, type), which every upload
--   touched in a random place.
alter table qa_data_point_review drop constraint qa_data_point_review_pkey;
alter table qa_data_point_review drop column review_id;
drop index qa_data_point_review_point;
drop index qa_data_point_review_dimension;
drop index qa_data_point_review_dataset;
alter table qa_data_point_review add primary key (data_id, seq);

