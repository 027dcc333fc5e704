-- The search functions never compile their plans with JIT. They run a generic plan (plan_cache_mode),
-- whose estimated cost grows with the register: each range it may read is estimated from the table's
-- size, though a page stops after a few hundred rows. At 1M companies the page's plan is estimated at
-- about 60,000, under jit_above_cost (100,000 by default); on a register the size of GLEIF's golden
-- copy (about 3M) it passes it, and PostgreSQL then compiled the plan at every search, about 50 ms of
-- CPU for a query that runs in about 1 ms (docs/companies.md, "Session 17").
alter function company_search_ranked(text, text, text, text, text, text, text[], text[], text[], integer, integer)
  set jit = off;
alter function company_search_count(text, text, text, text, text, text, text[], text[], text[])
  set jit = off;
