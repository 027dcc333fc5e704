-- The explorer's sort by a number reads only the active datasets' numbers, but the index of migration
-- 006 held every version's: each upload wrote one entry per numeric data point (about 150 of the
-- 216 of a full Taxonomy dataset for financials) at random places of a large index, about 1 to 1.5 ms
-- of database CPU per upload, mostly for versions that wait for review and may never become active.
-- The numbers now live in a table of their own holding only the active datasets' data points: a
-- dataset's numbers enter it when the dataset becomes active and leave when another takes its place
-- (recomputeActiveDataset, which is the only place the dataset's flag changes). Uploads write nothing
-- here; an activation writes the numeric data points of one dataset and removes those of the other.
create table dataset_active_number (
  data_id uuid not null references dataset (data_id),
  data_type text not null,
  data_point_type text not null,
  reporting_period text not null,
  number numeric not null
);
-- The walk from the top of one data point's numbers of one period (explorer); data_id comes along so
-- the walk reaches the dataset without visiting this table's rows.
create index dataset_active_number_order
  on dataset_active_number (data_type, data_point_type, reporting_period, number) include (data_id);
-- Removal at deactivation, and the way from a small selection's active datasets to their number.
create index dataset_active_number_dataset on dataset_active_number (data_id, data_point_type);

insert into dataset_active_number (data_id, data_type, data_point_type, reporting_period, number)
select p.data_id, p.data_type, p.data_point_type, p.reporting_period, data_point_number(p.value)
from dataset d
join dataset_data_point p on p.data_id = d.data_id
where d.currently_active and data_point_number(p.value) is not null;

drop index dataset_data_point_number;
