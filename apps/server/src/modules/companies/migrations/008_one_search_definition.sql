-- One definition of the company search (issue 23, item 3). Before, the ranking was written four
-- times: the function company_search_page for searches without filters, a statement built in
-- store.ts for searches with filters, a step-by-step keyset read for pages the bounded read could
-- not settle, and the count. Now every path calls the functions below:
--
-- - company_search_passes_filters: the filters on country, sector and active data;
-- - company_search_names_containing: "a name contains the text", for the infix rank and the count;
-- - company_search_ranked: the page, with or without filters, read again with larger bounds until
--   it is settled (what the keyset read did in Node);
-- - company_search_count: numberOfCompanies, the companies the pages list.

drop function if exists company_search_page(text, text, text, text, text, text, integer, integer, integer);

-- Whether a company passes the filters; a null filter keeps every company.
create function company_search_passes_filters(
  p_company_id uuid,
  p_country_codes text[],
  p_sectors text[],
  p_data_types text[]
)
returns boolean
language sql stable
as $$
  select exists (
    select 1 from company c
    where c.company_id = p_company_id
      and (p_country_codes is null or c.country_code = any(p_country_codes))
      and (p_sectors is null or c.sector = any(p_sectors))
      and (p_data_types is null or exists (
        select 1 from company_framework_data f
        where f.company_id = c.company_id and f.data_type = any(p_data_types))))
$$;

-- The names (not identifiers) containing the text, as (search_boost, term, company_id), each once.
-- p_mode says how they are read (containsRead in src/modules/companies/search-store.ts decides):
-- - 'trigram', for a text of one word: the trigram index.
-- - 'tail' and 'tail_or_trigram', for a text with a space: the names starting with it (the prefix
--   rank's range), the names with a word starting with it (the word rank's range) and the names
--   holding it inside a word, found through the reversed beginnings of names in the word table
--   (migration 009: the range p_tail_lower to p_tail_upper holds every name with the text after a
--   letter or digit) and checked against the name they hold. 'tail_or_trigram' (a text with a run
--   of three letters or digits) reads at most 20,000 such candidates and otherwise asks the trigram
--   index; 'tail' (a text the trigram index cannot narrow) reads them all.
-- Each branch is a one-time filter on p_mode, so only one runs; all give the same rows.
create function company_search_names_containing(
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
    select x.search_boost, x.term, x.company_id from (
      with tails as materialized (
        select w.search_boost, w.term, w.company_id from company_search_word w
        where p_mode in ('tail', 'tail_or_trigram') and w.search_boost in (0, 1)
          and w.suffix >= p_tail_lower and w.suffix < p_tail_upper
        limit case when p_mode = 'tail' then null else 20001 end
      ),
      few as (select p_mode <> 'trigram' and (p_mode = 'tail' or count(*) <= 20000) as yes from tails)
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

-- The ranked search page: the companies at ranks [p_offset, p_offset + p_limit) with their basic
-- information and the segment of their best match.
--
-- Segments, best first: 0/1 exact, 2/3 prefix, 4/5 word prefix, 6/7 infix, each for search_boost 0
-- (companies with active data) then 1; within a segment by the matched text (byte order of the
-- folded text), then company id; a company counts once, at its best match. Each segment reads at
-- most v_per rows in index order (of the companies passing the filters). The word segments run only
-- when the exact and prefix ones found fewer than p_offset + p_limit companies, the infix ones only
-- when the better ones did: every company they add ranks after those. The exact segments read the
-- range [text, text || chr(1)), which under the "C" collation of the search columns is the text alone
-- (an equality would be a filter, not an index bound, in the generic plan).
--
-- The page is settled when every company on it ranks before the first segment whose read was cut
-- off (or none was) and the page is full (or nothing was cut off): no unread row can then rank
-- before a company on it. Otherwise the reads run again with four times the bound.
--
-- PL/pgSQL plans the statement once per connection; with a generic plan its shape does not depend on
-- the text or the filters: which stages run, how "contains" is read and whether the filters are
-- checked are one-time filters on the parameters.
create function company_search_ranked(
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
            or company_search_passes_filters(t.company_id, p_country_codes, p_sectors, p_data_types))
        order by t.term, t.company_id limit v_per
      ) m
    ),
    words as materialized (
      select s.segment, m.key, m.company_id
      from (values (4, 0::smallint), (5, 1::smallint)) s(segment, boost)
      cross join lateral (
        select w.suffix as key, w.company_id from company_search_word w
        where w.search_boost = s.boost and w.suffix >= p_folded and w.suffix < p_folded_upper
          and (v_unfiltered
            or company_search_passes_filters(w.company_id, p_country_codes, p_sectors, p_data_types))
        order by w.suffix, w.company_id limit v_per
      ) m
      where (select count(distinct l.company_id) from names_first l) < v_need
    ),
    eager as (select * from names_first union all select * from words),
    -- Read once for both boost groups (a trigram read cannot narrow by boost), and only when the
    -- one-time filter of `lazy` lets the infix segments run at all.
    contained as materialized (
      select n.search_boost, n.term, n.company_id
      from company_search_names_containing(p_folded, p_folded_upper, p_contains, p_tail_lower,
        p_tail_upper, p_contains_mode) n
      where v_unfiltered
        or company_search_passes_filters(n.company_id, p_country_codes, p_sectors, p_data_types)
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

-- numberOfCompanies for a search text: every rank is covered by "a name contains the text" or "an
-- identifier starts with it", so these are exactly the companies the pages list.
create function company_search_count(
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
      union
      select t.company_id from company_search_term t
      where t.search_boost in (0, 1) and t.is_identifier
        and t.term >= p_folded and t.term < p_folded_upper
    ) m
    where (p_country_codes is null and p_sectors is null and p_data_types is null)
      or company_search_passes_filters(m.company_id, p_country_codes, p_sectors, p_data_types));
end
$$;
