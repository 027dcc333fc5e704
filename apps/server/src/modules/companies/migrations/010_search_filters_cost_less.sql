-- Searches with filters cost less (migration 008 kept them right, not cheap):
-- - The filter check was a call of the SQL function company_search_passes_filters per row read,
--   which PostgreSQL cannot inline (its body is a sub-select): about 90 µs a row, 44 s for "holding"
--   with a data type no company has at 1M companies, where every row is read and none passes. It is
--   now a set-returning function used in EXISTS, which PostgreSQL inlines into an index lookup.
-- - Only companies with active data (search_boost 0) have data of any type, so with the dataTypes
--   filter the boost-1 segments are not read and the names containing the text are cut to boost 0
--   before the filter runs. The names containing the text are then read from the boost-0 rows of
--   the term index (mode 'active'): every company with active data, not every name holding the text
--   (before, "holding" with a data type read its 250,000 names through the trigram index, 2 s).

-- As in migration 008, with the mode 'active': the names of companies with active data containing
-- the text, for searches with the dataTypes filter.
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
  select distinct n.search_boost, n.term, n.company_id from (
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
  ) n
$$;

-- One row when a company passes the filters, none otherwise; a null filter keeps every company.
create function company_search_filter(
  p_company_id uuid,
  p_country_codes text[],
  p_sectors text[],
  p_data_types text[]
)
returns setof integer
language sql stable
as $$
  select 1 from company c
  where c.company_id = p_company_id
    and (p_country_codes is null or c.country_code = any(p_country_codes))
    and (p_sectors is null or c.sector = any(p_sectors))
    and (p_data_types is null or exists (
      select 1 from company_framework_data f
      where f.company_id = c.company_id and f.data_type = any(p_data_types)))
$$;

create or replace function company_search_ranked(
  p_folded text,
  p_folded_upper text,
  p_contains text,
  p_tail_lower text,
  p_tail_upper text,
  p_contains_mode text,
  p_country_codes text[],
  p_sectors text[],
  p_data_types text[],
  p_offset integer,
  p_limit integer
)
returns table (
  segment integer,
  company_id uuid,
  company_name text,
  headquarters text,
  country_code text,
  sector text,
  lei text
)
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
declare
  v_unfiltered boolean := p_country_codes is null and p_sectors is null and p_data_types is null;
  -- Only companies with active data (search_boost 0) have data of a type: with that filter the
  -- other boost group is not read at all.
  v_max_boost smallint := case when p_data_types is null then 1 else 0 end;
  v_need integer := p_offset + p_limit;
  v_per integer := 2 * (p_offset + p_limit) + 10;
  v_segments integer[];
  v_ids uuid[];
  v_first_cut integer;
begin
  loop
    with names_first as materialized (
      select s.segment, m.key, m.company_id
      from (values (0, 0::smallint, p_folded || chr(1)), (1, 1::smallint, p_folded || chr(1)),
          (2, 0::smallint, p_folded_upper), (3, 1::smallint, p_folded_upper)) s(segment, boost, upper)
      cross join lateral (
        select t.term as key, t.company_id from company_search_term t
        where t.search_boost = s.boost and t.term >= p_folded and t.term < s.upper
          and (v_unfiltered
            or exists (select from company_search_filter(t.company_id, p_country_codes, p_sectors, p_data_types)))
        order by t.term, t.company_id limit v_per
      ) m
      where s.boost <= v_max_boost
    ),
    words as materialized (
      select s.segment, m.key, m.company_id
      from (values (4, 0::smallint), (5, 1::smallint)) s(segment, boost)
      cross join lateral (
        select w.suffix as key, w.company_id from company_search_word w
        where w.search_boost = s.boost and w.suffix >= p_folded and w.suffix < p_folded_upper
          and (v_unfiltered
            or exists (select from company_search_filter(w.company_id, p_country_codes, p_sectors, p_data_types)))
        order by w.suffix, w.company_id limit v_per
      ) m
      where s.boost <= v_max_boost
        and (select count(distinct l.company_id) from names_first l) < v_need
    ),
    eager as (select * from names_first union all select * from words),
    -- Read once for both boost groups (a trigram read cannot narrow by boost), and only when the
    -- one-time filter of `lazy` lets the infix segments run at all.
    contained as materialized (
      select n.search_boost, n.term, n.company_id
      from company_search_names_containing(p_folded, p_folded_upper, p_contains, p_tail_lower,
        p_tail_upper, p_contains_mode) n
      where n.search_boost <= v_max_boost and (v_unfiltered
        or exists (select from company_search_filter(n.company_id, p_country_codes, p_sectors, p_data_types)))
    ),
    lazy as (
      select s.segment, m.key, m.company_id
      from (values (6, 0::smallint), (7, 1::smallint)) s(segment, boost)
      cross join lateral (
        select c.term as key, c.company_id from contained c where c.search_boost = s.boost
        order by c.term, c.company_id limit v_per
      ) m
      where (select count(distinct e.company_id) from eager e) < v_need
    ),
    hits as (select * from eager union all select * from lazy),
    best as (
      select distinct on (h.company_id) h.segment, h.key, h.company_id from hits h
      order by h.company_id, h.segment, h.key
    ),
    page as (
      select b.segment, b.company_id from best b
      order by b.segment, b.key, b.company_id limit p_limit offset p_offset
    )
    select
      (select min(f.segment) from (
        select h.segment from hits h group by h.segment having count(*) >= v_per) f),
      (select coalesce(array_agg(p.segment), '{}') from page p),
      (select coalesce(array_agg(p.company_id), '{}') from page p)
    into v_first_cut, v_segments, v_ids;
    exit when v_first_cut is null
      or (cardinality(v_ids) = p_limit and v_segments[cardinality(v_segments)] <= v_first_cut);
    v_per := v_per * 4;
  end loop;
  return query
    select p.segment, c.company_id, c.company_name, c.headquarters, c.country_code, c.sector, c.lei
    from unnest(v_segments, v_ids) with ordinality p(segment, company_id, n)
    join company c on c.company_id = p.company_id
    order by p.n;
end
$$;

-- numberOfCompanies, as in migration 008 with the filter of this migration.
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
    select count(*)::integer from (
      select n.company_id
      from company_search_names_containing(p_folded, p_folded_upper, p_contains, p_tail_lower,
        p_tail_upper, p_contains_mode) n
      where p_data_types is null or n.search_boost = 0
      union
      select t.company_id from company_search_term t
      where t.search_boost in (0, 1) and t.is_identifier
        and (p_data_types is null or t.search_boost = 0)
        and t.term >= p_folded and t.term < p_folded_upper
    ) m
    where (p_country_codes is null and p_sectors is null and p_data_types is null)
      or exists (select from company_search_filter(m.company_id, p_country_codes, p_sectors, p_data_types)));
end
$$;

drop function company_search_passes_filters(uuid, text[], text[], text[]);
