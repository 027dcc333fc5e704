-- The explorer sorts a table by one numeric data point of one period ("the companies with the highest
-- scope 1 emissions in 2024"). Without an index of the values it read that data point of every company
-- of the selection to keep the first 100: for the whole register 10,000 probes and table pages, about
-- 170 ms of database CPU per page. This index holds the numbers in order per framework, data point type
-- and period, so the first pages walk it from the top and stop as soon as they have their companies.
--
-- It holds every version, not only the data points of active datasets: which dataset is active is
-- known only to the dataset rows (a data point's own currently_active says something else: the newest
-- accepted data point of its type, while the explorer shows the active dataset's data point, accepted
-- or not), and a copy of the dataset's flag on its data point rows would rewrite about 2 × 112 rows,
-- with an entry in each of their indexes, at every activation. So an upload writes one entry per
-- numeric data point into it, as it does into the other indexes of data points, and the walk skips
-- the versions whose dataset is not the active one. Values that are no number are left out.
--
-- data_point_number reads the number of a plain data point (the value itself) and of a wrapped one
-- (`{ value, quality, dataSource, ... }`); statements that want the index write the same call.
create function data_point_number(value jsonb) returns numeric
  language sql immutable parallel safe
  return case
    when jsonb_typeof(value) = 'number' then value::numeric
    when jsonb_typeof(value -> 'value') = 'number' then (value -> 'value')::numeric
  end;

create index dataset_data_point_number
  on dataset_data_point (data_type, data_point_type, reporting_period, data_point_number(value))
  where data_point_number(value) is not null;
