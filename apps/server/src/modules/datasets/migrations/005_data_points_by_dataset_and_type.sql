-- The explorer reads a few chosen data points (say 5 of SFDR's 112) of many active datasets at once.
-- By data_id alone the index led to every data point of each dataset, and all but the chosen ones were
-- read from the table only to be thrown away (111 of 112 rows when sorting by one value). With the
-- data point type as its second column the index finds exactly the chosen ones. It replaces the index
-- on data_id alone, which it also serves (every lookup by data_id uses its first column), so an upload
-- still writes one index entry per data point into it, as before.
create index dataset_data_point_dataset_type on dataset_data_point (data_id, data_point_type);
drop index dataset_data_point_dataset;
