-- An upload no longer writes an upload entry into qa_data_point_review for each of its data points
-- (216 rows for eutaxonomy-financials, each with its insertions into the primary key and the latest and
-- queue indexes, the largest part of the database's work per upload). Until something changes the review
-- of one of its data points, a data point's review is its dataset's upload: the readers take those
-- entries from qa_dataset and the datasets module's data points. The first verdict on the dataset or on
-- one of its data points writes the upload entries, as uploads did before, and sets this flag in the
-- same transaction; from then on the dataset's data points have their rows here.
--
-- Datasets tracked before this migration have their rows already; new uploads insert false.
alter table qa_dataset add column data_points_materialized boolean not null default true;

-- Lists of data point entries newest first read those upload entries dataset by dataset, newest upload
-- first, until the page is full: the datasets without rows in upload order (one insertion per upload, at
-- the index's end, instead of two hundred entries). With a status filter the queue index serves instead.
create index qa_dataset_unmaterialized on qa_dataset (upload_time) where not data_points_materialized;
