-- What a portfolio holds of each company, beside the portfolio (whose own tables and wire shapes stay
-- as the reference has them): the amount invested, its currency and the PCAF asset class. One
-- position per company and asset class; `position` keeps the order the user gave.
create table impact_position (
  portfolio_id uuid not null,
  company_id uuid not null,
  asset_class text not null
    check (asset_class in ('ListedEquityAndCorporateBonds', 'BusinessLoansAndUnlistedEquity')),
  amount numeric not null check (amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  position integer not null,
  primary key (portfolio_id, company_id, asset_class)
);

-- Currency rates the admins provide (nothing is downloaded): the EUR value of one unit of the
-- currency on a date. Reports take the newest rate on or before the end of their period.
create table impact_currency_rate (
  currency text not null check (currency ~ '^[A-Z]{3}$' and currency <> 'EUR'),
  rate_date date not null,
  rate_to_eur numeric not null check (rate_to_eur > 0),
  primary key (currency, rate_date)
);
