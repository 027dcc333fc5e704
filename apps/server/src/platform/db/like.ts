/**
 * Escapes the wildcards of a LIKE or ILIKE pattern (and the escape character itself), so that user
 * text inside `'%' || text || '%'` matches literally: the one LIKE escape. Backslash is PostgreSQL's
 * default escape character, so the statement needs no ESCAPE clause.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
