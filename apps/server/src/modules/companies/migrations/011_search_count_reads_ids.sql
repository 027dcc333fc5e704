-- numberOfCompanies costs less for common words: 640 ms of database CPU for "holding" at 1M
-- companies (241,209 companies, 261,629 names) became about 250 ms, 740 ms for "nord" 250 ms
-- (docs/companies.md, "Search").
-- The count went through company_search_names_containing, which makes its rows distinct by
-- (search_boost, term, company_id) for the infix rank, and then made the company ids distinct once
-- more in a union with the identifiers: two hash aggregates of a quarter of a million rows, both
-- spilling to disk at the default work_mem, for a number that needs only the ids. The rows of
-- "a name contains the text" are now read by company_search_name_rows_containing, without the
-- distinct; company_search_names_containing is that function made distinct (the ranked page reads it
-- as before), and the count makes only the company ids distinct, once, by sorting them.

-- The names containing the text as (search_boost, term, company_id), possibly several times; the
-- modes as in migrations 008 and 010.
create function company_search_name_rows_containing(
  p_folded text,
  p_folded_upper text,
  p_contains text,
  p_tail_lower text,
  p_tail_upper text,
  p_mode text
)
returns table (search_boost smallint, term text, company_id uuid)
language sql stable
as $$
  select t.search_boost, t.term, t.company_id from company_search_term t
  where p_mode = 'trigram' and not t.is_identifier and t.term like p_contains
  union all
  select t.search_boost, t.term, t.company_id from company_search_term t
  where p_mode = 'active' and t.search_boost = 0 and not t.is_identifier and t.term like p_contains
  union all
  select x.search_boost, x.term, x.company_id from (
    with tails as materialized (
      select w.search_boost, w.term, w.company_id from company_search_word w
      where p_mode in ('tail', 'tail_or_trigram') and w.search_boost in (0, 1)
        and w.suffix >= p_tail_lower and w.suffix < p_tail_upper
      limit case when p_mode = 'tail' then null else 20001 end
    ),
    few as (
      select p_mode in ('tail', 'tail_or_trigram') and (p_mode = 'tail' or count(*) <= 20000) as yes
      from tails)
    select t.search_boost, t.term, t.company_id from company_search_term t
    where (select yes from few) and t.search_boost in (0, 1) and not t.is_identifier
      and t.term >= p_folded and t.term < p_folded_upper
    union all
    select w.search_boost, w.term, w.company_id from company_search_word w
    where (select yes from few) and w.search_boost in (0, 1)
      and w.suffix >= p_folded and w.suffix < p_folded_upper
    union all
    select c.search_boost, c.term, c.company_id from tails c
    where (select yes from few) and c.term like p_contains
    union all
    select t.search_boost, t.term, t.company_id from company_search_term t
    where p_mode = 'tail_or_trigram' and not (select yes from few)
      and not t.is_identifier and t.term like p_contains
  ) x
$$;

-- The names containing the text, each once, for the infix rank of company_search_ranked.
create or replace function company_search_names_containing(
  p_folded text,
  p_folded_upper text,
  p_contains text,
  p_tail_lower text,
  p_tail_upper text,
  p_mode text
)
returns table (search_boost smallint, term text, company_id uuid)
language sql stable
as $$
  select distinct n.search_boost, n.term, n.company_id
  from company_search_name_rows_containing(p_folded, p_folded_upper, p_contains, p_tail_lower,
    p_tail_upper, p_mode) n
$$;

-- numberOfCompanies for a search text, as in migration 010: the companies with a name containing the
-- text or an identifier starting with it (with the dataTypes filter, those with active data) that
-- pass the filters. count(distinct) sorts the ids, which costs less than hashing them here. The names
-- starting with the text are among those containing it, so the range of terms starting with it need
-- not tell identifiers from names: it is read from the term index alone. Before, telling them apart
-- fetched each term of the range from the table: 160,000 buffers for "nord", which starts 164,000
-- names at 1M companies.
create or replace function company_search_count(
  p_folded text,
  p_folded_upper text,
  p_contains text,
  p_tail_lower text,
  p_tail_upper text,
  p_contains_mode text,
  p_country_codes text[],
  p_sectors text[],
  p_data_types text[]
)
returns integer
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
begin
  return (
    select count(distinct m.company_id)::integer from (
      select n.company_id
      from company_search_name_rows_containing(p_folded, p_folded_upper, p_contains, p_tail_lower,
        p_tail_upper, p_contains_mode) n
      where p_data_types is null or n.search_boost = 0
      union all
      select t.company_id from company_search_term t
      where t.search_boost in (0, 1) and (p_data_types is null or t.search_boost = 0)
        and t.term >= p_folded and t.term < p_folded_upper
    ) m
    where (p_country_codes is null and p_sectors is null and p_data_types is null)
      or exists (select from company_search_filter(m.company_id, p_country_codes, p_sectors, p_data_types)));
end
$$;
