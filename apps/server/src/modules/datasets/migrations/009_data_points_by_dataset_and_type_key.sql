-- The index by dataset and type (migration 005) held each data point's type as text: about 160 bytes
-- for a full Taxonomy dataset for financials, whose type ids are long, so every entry was about ten
-- times its dataset id and an upload of 236 data points wrote about 45 KB of write-ahead log into that
-- index alone, pages and their splits. The index now holds a 32-bit key of the type instead. Lookups
-- write both conditions, the key to reach the entries and the type itself to drop the rare other
-- type with the same key:
--   data_point_type_key(p.data_point_type) = any(data_point_type_keys(types))
--   and p.data_point_type = any(types)
-- An upload inserts its data points in the order of this key (datasets/store.ts), so they go to the
-- end of their dataset's range instead of into its middle.
create function data_point_type_key(data_point_type text) returns integer
  language sql immutable parallel safe
  return hashtext(data_point_type);

create function data_point_type_keys(data_point_types text[]) returns integer[]
  language sql immutable parallel safe
  return array(select hashtext(t) from unnest(data_point_types) as t);

create index dataset_data_point_dataset_type_key on dataset_data_point (data_id, data_point_type_key(data_point_type));
drop index dataset_data_point_dataset_type;
