-- The users a portfolio is shared with (its readers), one row each, in the order the owner gave them.
-- They were kept as a list on the portfolio while sharing was not offered; a row per reader lets a
-- reader's "shared with me" list use an index and vanish with the portfolio.
create table portfolio_reader (
  portfolio_id uuid not null references portfolio (portfolio_id) on delete cascade,
  user_id uuid not null,
  position integer not null,
  primary key (portfolio_id, user_id)
);
create index portfolio_reader_user on portfolio_reader (user_id);

insert into portfolio_reader (portfolio_id, user_id, position)
select p.portfolio_id, shared.user_id::uuid, min(shared.position)::integer - 1
from portfolio p
cross join lateral unnest(p.shared_user_ids) with ordinality as shared(user_id, position)
where shared.user_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  and shared.user_id::uuid <> p.user_id
group by p.portfolio_id, shared.user_id::uuid;

alter table portfolio drop column shared_user_ids;
