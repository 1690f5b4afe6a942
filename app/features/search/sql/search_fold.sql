-- Accent- and case-free text, as the shop's search compares it (fold() in normalise.ts does the
-- same in JavaScript; a test checks they agree). translate() is built in, so the same SQL runs on
-- PGlite and PostgreSQL without the unaccent extension; the upper-case letters are listed as well
-- because lower() leaves non-ASCII letters alone under the C locale. A plain SQL function, so the
-- planner inlines it. ASCII text (nearly every name) skips translate(): it is the costly part, about
-- 30 µs a row against a 70-letter list, and on ASCII it would change nothing that lower() has not.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN octet_length(t) = char_length(t) THEN lower(t) ELSE translate(lower(t),
    'àáâãäåāèéêëēėęìíîïīòóôõöøōùúûüūýÿçćčñńšśžźłÀÁÂÃÄÅĀÈÉÊËĒĖĘÌÍÎÏĪÒÓÔÕÖØŌÙÚÛÜŪÝŸÇĆČÑŃŠŚŽŹŁ',
    'aaaaaaaeeeeeeeiiiiiooooooouuuuuyycccnnsszzlaaaaaaaeeeeeeeiiiiiooooooouuuuuyycccnnsszzl') END
$$;
