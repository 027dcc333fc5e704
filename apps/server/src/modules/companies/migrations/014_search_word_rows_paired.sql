-- The word table holds one row per place in a name instead of one per key. A word after a space
-- starts a suffix (the rest of the name from that word on) and ends a beginning (the name before the
-- space, reversed: migration 009); both now sit in one row, in the columns suffix and tail, each null
-- where that place has only the other (a word after a sign, a space before a sign). The index entries
-- are the same, in two indexes instead of one; the rows are about half (at 1M companies 3.7M
-- instead of 6.8M, 353 instead of 583 MB), which is what a bulk import writes and sends, and the
-- company_id index shrinks with them. The tails lose the chr(1) that told them from the suffixes.
create table company_search_word_paired (
  company_id uuid not null,
  suffix text collate "C",
  tail text collate "C",
  search_boost smallint not null,
  term text collate "C" not null,
  constraint company_search_word_has_a_key check (suffix is not null or tail is not null)
);

-- A tail of a space at (0-based) position p holds chr(1) and p characters; the suffix of the word
-- after that space starts at p + 1, so its name is p + 1 characters longer than it.
insert into company_search_word_paired (company_id, suffix, tail, search_boost, term)
select coalesce(s.company_id, t.company_id), s.suffix, t.tail, coalesce(s.search_boost, t.search_boost),
  coalesce(s.term, t.term)
from (
  select w.company_id, w.suffix, w.search_boost, w.term, length(w.term) - length(w.suffix) as place
  from company_search_word w where left(w.suffix, 1) <> chr(1)
) s
full join (
  select w.company_id, substr(w.suffix, 2) as tail, w.search_boost, w.term, length(w.suffix) as place
  from company_search_word w where left(w.suffix, 1) = chr(1)
) t on t.company_id = s.company_id and t.term = s.term and t.place = s.place;

drop table company_search_word;
alter table company_search_word_paired rename to company_search_word;

create index company_search_word_suffix on company_search_word (search_boost, suffix, company_id)
  include (term) where suffix is not null;
-- The tails are read as one range for both boosts (the "contains" candidates), so their key is the
-- tail alone.
create index company_search_word_tail on company_search_word (tail) include (search_boost, company_id, term)
  where tail is not null;
create index company_search_word_company on company_search_word (company_id);

-- As in migration 011, with the tails read from their own column.
create or replace function company_search_name_rows_containing(
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
      where p_mode in ('tail', 'tail_or_trigram') and w.tail >= p_tail_lower and w.tail < p_tail_upper
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
