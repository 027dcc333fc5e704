-- The ISIN-LEI mapping as last replaced (POST /api/isinleimapping/ or `import isin-lei`): which LEI
-- issued each ISIN, whether or not a company of the register holds that LEI. The ISINs of companies
-- that do are also attached to them as identifiers (company_identifier), so search finds them.
create table isin_lei_mapping (
  isin text primary key,
  lei text not null
);
create index isin_lei_mapping_lei on isin_lei_mapping (lei, isin);
