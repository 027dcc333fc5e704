-- The framework JSON of a dataset is kept as the text it was uploaded as (json) rather than taken
-- apart into jsonb. Nothing queries inside it (its data points have rows of their own), while every
-- read sends it out whole: jsonb had to be printed back to text for each read, which cost the
-- database about 0.15 ms per SFDR dataset, and printed it with spaces after every comma and colon.
alter table dataset alter column data type json using data::json;
