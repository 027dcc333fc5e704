-- The word table also holds, per name and space, the name's beginning before that space, reversed
-- and marked by a leading chr(1) (nameTails in src/modules/companies/normalize.ts), so that the
-- names holding a text of several words inside a word (the infix rank, and the count) are a prefix
-- range of few rows, even when every word of the text is common ("nord holding gmbh"). Before, the
-- candidates were the names with a word starting with the text after its first space, 20,000 rows
-- for "holding gmbh" at 1M companies, and then the trigram index, whose common trigrams made such a
-- search cost 10-20 ms of database CPU. New and changed names get these rows where their other
-- search rows are written (writeCompany and the imports, through nameSearchRows).
insert into company_search_word (company_id, suffix, search_boost, term)
select distinct t.company_id, chr(1) || reverse(left(t.term, s.position - 1)), t.search_boost, t.term
from company_search_term t
cross join lateral (
  select p.position from generate_series(2, length(t.term) - 1) as p(position)
  where substr(t.term, p.position, 1) = ' '
) s
where not t.is_identifier and position(' ' in t.term) > 0;
