-- The "contains" search for a text of several words takes its candidates from the word table (the
-- names with a word starting with the text after its first space) and checks that the name contains
-- the whole text. With the name in the word row, and in the word index, that check is part of an
-- index-only read; before, it was one lookup in company_search_term per candidate, thousands for a
-- text ending in a common phrase such as "energie gmbh".
alter table company_search_word add column term text collate "C";

-- Existing rows: the suffix with every name of the company that ends in it (a suffix two names
-- share was stored once). A name that ends in it without a word starting there only adds a harmless
-- candidate: the check is on the name itself.
insert into company_search_word (company_id, suffix, search_boost, term)
select w.company_id, w.suffix, w.search_boost, t.term
from company_search_word w
join company_search_term t on t.company_id = w.company_id and not t.is_identifier
  and length(t.term) > length(w.suffix) and right(t.term, length(w.suffix)) = w.suffix;
delete from company_search_word where term is null;
alter table company_search_word alter column term set not null;

drop index if exists company_search_word_ordered;
create index company_search_word_ordered on company_search_word (search_boost, suffix, company_id)
  include (term);
