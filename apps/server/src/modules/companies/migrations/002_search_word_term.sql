-- The "contains" search for a text of several words takes its candidates from the word table (the
-- names with a word starting with the text after its first space) and checks that the name contains
-- the whole text. With the name in the word row, and in the word index, that check is part of an
-- index-only read; before, it was one lookup in company_search_term per candidate, thousands for a
-- text ending in a common phrase such as "energie gmbh".
--
-- The table is rebuilt rather than updated in place (no dead rows, indexes built once). Each suffix
-- goes with every name of the company that ends in it (a suffix two names share was stored once); a
-- name that ends in it without a word starting there only adds a harmless candidate, since the check
-- is on the name itself.
create table company_search_word_with_term (
  company_id uuid not null,
  suffix text collate "C" not null,
  search_boost smallint not null,
  term text collate "C" not null
);
insert into company_search_word_with_term (company_id, suffix, search_boost, term)
select w.company_id, w.suffix, w.search_boost, t.term
from company_search_word w
join company_search_term t on t.company_id = w.company_id and not t.is_identifier
  and length(t.term) > length(w.suffix) and right(t.term, length(w.suffix)) = w.suffix;
drop table company_search_word;
alter table company_search_word_with_term rename to company_search_word;
create index company_search_word_ordered on company_search_word (search_boost, suffix, company_id)
  include (term);
create index company_search_word_company on company_search_word (company_id);
