-- A bundle's (db/raw.ts) check that each of its parts wrote the rows it should: answers `got`, or
-- fails the statement (and so its transaction, with the COMMIT that may travel with it).
CREATE FUNCTION ob_expect(got bigint, want bigint, what text) RETURNS bigint
LANGUAGE plpgsql AS $$
BEGIN
  IF got IS DISTINCT FROM want THEN
    RAISE EXCEPTION 'bundle part % wrote % rows, expected %', what, got, want USING ERRCODE = 'P0001';
  END IF;
  RETURN got;
END
$$;
