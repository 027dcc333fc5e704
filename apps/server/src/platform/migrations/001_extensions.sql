-- Trigram similarity and accent folding serve company search on both the embedded and the server database.
create extension if not exists pg_trgm;
create extension if not exists unaccent;
