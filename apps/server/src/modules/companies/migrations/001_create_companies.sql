-- The company register: one row per company, identifiers unique per type, and the search structures.

create table company (
  company_id uuid primary key,
  company_name text not null,
  alternative_names text[] not null default '{}',
  contact_details text[] not null default '{}',
  legal_form text,
  headquarters text not null,
  headquarters_postal_code text,
  fiscal_year_end text,
  reporting_period_shift integer,
  sector text,
  sector_code_wz text,
  country_code text not null,
  is_teaser_company boolean not null default false,
  website text,
  parent_company_lei text,
  associated_subdomains text[],
  -- The first LEI of the company, kept here so search results need no join.
  lei text,
  -- The name folded for search (lower case, no accents); orders the plain listing.
  name_key text collate "C" not null,
  -- 0 when the company has active datasets, 1 otherwise: such companies rank up in search.
  search_boost smallint not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index company_listing on company (search_boost, name_key, company_id);
create index company_parent_lei on company (parent_company_lei) where parent_company_lei is not null;
create index company_teaser on company (company_id) where is_teaser_company;
create index company_country on company (country_code);
create index company_sector on company (sector) where sector is not null;

create table company_identifier (
  identifier_type text not null,
  identifier text not null,
  company_id uuid not null references company (company_id) on delete cascade,
  primary key (identifier_type, identifier)
);
create index company_identifier_company on company_identifier (company_id);

-- One row per name, alternative name and identifier of a company, folded for search. The btree
-- answers exact and prefix matches in rank order; the trigram index answers "name contains" matches
-- (identifiers match exactly or by their beginning only). src/modules/companies/search-indexes.ts
-- repeats the secondary indexes: a bulk import drops and rebuilds them.
create table company_search_term (
  company_id uuid not null,
  term text collate "C" not null,
  search_boost smallint not null,
  is_identifier boolean not null
);
create index company_search_term_ordered on company_search_term (search_boost, term, company_id);
create index company_search_term_company on company_search_term (company_id);
create index company_search_term_trigram on company_search_term using gin (term gin_trgm_ops)
  where not is_identifier;

-- One row per word of a name after its first one: the rest of the name from that word on, so that
-- "word starts with" (also over several words) is a prefix match on a btree.
create table company_search_word (
  company_id uuid not null,
  suffix text collate "C" not null,
  search_boost smallint not null
);
create index company_search_word_ordered on company_search_word (search_boost, suffix, company_id);
create index company_search_word_company on company_search_word (company_id);

-- Per company and framework the number of active datasets (one per reporting period), kept up to
-- date by the datasets module through setCompanyFrameworksWithActiveData.
create table company_framework_data (
  company_id uuid not null references company (company_id) on delete cascade,
  data_type text not null,
  active_datasets integer not null check (active_datasets > 0),
  primary key (company_id, data_type)
);
create index company_framework_data_type on company_framework_data (data_type, company_id);
