-- The ISIN-LEI mapping compares its ISINs and LEIs byte-wise (collate "C"). Replacing the mapping sorts
-- 1.45M pairs by ISIN and builds its two indexes; in the database's collation (C.UTF-8 of glibc, not
-- the "C" of PostgreSQL) each comparison went through strcoll and the sorts had no abbreviated keys:
-- the (lei, isin) index took 2.75 CPU-s at 1.45M pairs, 1.5 s byte-wise. ISINs and LEIs are upper-case
-- letters and digits, which sort alike in both collations, so the order the mapping is read in is the
-- same (docs/companies.md, "GLEIF import"). `import isin-lei` and POST /api/isinleimapping/ build the
-- next mapping with the same columns (isin-lei-store.ts).
alter table isin_lei_mapping
  alter column isin type text collate "C",
  alter column lei type text collate "C";
