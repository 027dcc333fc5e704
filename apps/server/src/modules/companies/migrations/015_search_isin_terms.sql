-- The ISINs' search terms get a table of their own, company_search_isin, beside the terms of names
-- and other identifiers. Attaching the ISINs of a mapping file is the one write that adds about as
-- many search terms at once as a register has names: at 1M companies 1.44M ISINs, which went row by
-- row into the term index of 3.7M rows (3.6 s), and then the term table's company_id index was built
-- again (1.2 s). Into their own table they go without its indexes, which are built after them (2.2 s
-- in all), and the term table is not touched (docs/companies.md, "Session 18"). An ISIN's term is
-- what it was, its folded text (foldForSearch: the ISIN in lower case); the ranked page and the count
-- read the ISIN terms' range beside the term table's, in the same segments, so the ranking is the same.
create table company_search_isin (
  company_id uuid not null,
  term text collate "C" not null,
  search_boost smallint not null
);

insert into company_search_isin (company_id, term, search_boost)
select t.company_id, t.term, t.search_boost from company_search_term t
where t.is_identifier and exists (
  select from company_identifier i
  where i.company_id = t.company_id and i.identifier_type = 'Isin' and lower(i.identifier) = t.term);

delete from company_search_term t using company_search_isin i
where t.is_identifier and t.company_id = i.company_id and t.term = i.term;

create index company_search_isin_ordered on company_search_isin (search_boost, term, company_id);
create index company_search_isin_company on company_search_isin (company_id);

-- As in migration 010 (013 for jit), with the names and identifiers starting with the text read from
-- both tables: each range sorted and cut on its own, since the page needs only the first rows of each.
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
set jit = off
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
        (select t.term as key, t.company_id from company_search_term t
        where t.search_boost = s.boost and t.term >= p_folded and t.term < s.upper
          and (v_unfiltered
            or exists (select from company_search_filter(t.company_id, p_country_codes, p_sectors, p_data_types)))
        order by t.term, t.company_id limit v_per)
        union all
        (select i.term, i.company_id from company_search_isin i
        where i.search_boost = s.boost and i.term >= p_folded and i.term < s.upper
          and (v_unfiltered
            or exists (select from company_search_filter(i.company_id, p_country_codes, p_sectors, p_data_types)))
        order by i.term, i.company_id limit v_per)
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


-- As in migration 011 (013 for jit), with the ISINs starting with the text.
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
set jit = off
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
      union all
      select i.company_id from company_search_isin i
      where i.search_boost in (0, 1) and (p_data_types is null or i.search_boost = 0)
        and i.term >= p_folded and i.term < p_folded_upper
    ) m
    where (p_country_codes is null and p_sectors is null and p_data_types is null)
      or exists (select from company_search_filter(m.company_id, p_country_codes, p_sectors, p_data_types)));
end
$$;
