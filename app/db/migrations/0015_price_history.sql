CREATE TABLE "product_price_history" (
	"art_no" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "product_price_history_art_no_valid_from_pk" PRIMARY KEY("art_no","valid_from")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reference_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_started_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written from here (trigger and backfill); the part above is generated from the schema.
--
-- products_price_track keeps the price history and the honest "was" price (docs/decisions/0013-honest-was-price.md):
-- * the selling price is the effective price (the offer price when it is a real discount, else the
--   consumer price; the same expression as the generated column effective_price_cents, which a BEFORE
--   trigger cannot read yet);
-- * each change of it is recorded in product_price_history at the time of the change (now(), or the
--   session setting app.price_changed_at for seeds replaying a history); a price of 0 (no price) is not;
-- * when an offer starts, reference_price_cents becomes the lowest selling price of the 30 days before
--   (the price in effect 30 days before plus every change since), and offer_started_at that moment;
-- * while the offer runs (also when it is deepened: ACM allows keeping the first reference), both stay;
-- * when the offer ends both become null, and a later offer looks back 30 days again (so it sees the
--   earlier offer price and usually shows no struck price for a while).
-- It overwrites whatever a writer put in the two columns: nothing else decides them.
CREATE FUNCTION product_price_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := coalesce(nullif(current_setting('app.price_changed_at', true), '')::timestamptz, now());
  new_on_offer boolean := coalesce(NEW.discounted_price_cents > 0 AND NEW.discounted_price_cents < NEW.consumer_price_cents, false);
  new_price integer := CASE WHEN new_on_offer THEN NEW.discounted_price_cents ELSE coalesce(NEW.consumer_price_cents, 0) END;
  old_on_offer boolean := false;
  old_price integer := NULL;
  lowest integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    old_on_offer := coalesce(OLD.discounted_price_cents > 0 AND OLD.discounted_price_cents < OLD.consumer_price_cents, false);
    old_price := CASE WHEN old_on_offer THEN OLD.discounted_price_cents ELSE coalesce(OLD.consumer_price_cents, 0) END;
    IF new_price = old_price AND new_on_offer = old_on_offer AND NEW.art_no = OLD.art_no THEN
      -- Most updates (descriptions, images, status): no price change, the stored offer stays as it was.
      NEW.reference_price_cents := OLD.reference_price_cents;
      NEW.offer_started_at := OLD.offer_started_at;
      RETURN NEW;
    END IF;
  END IF;

  IF NOT new_on_offer THEN
    NEW.reference_price_cents := NULL;
    NEW.offer_started_at := NULL;
  ELSIF old_on_offer AND OLD.offer_started_at IS NOT NULL THEN
    -- A running offer changed (deeper or shallower): the reference of its start stays.
    NEW.reference_price_cents := OLD.reference_price_cents;
    NEW.offer_started_at := OLD.offer_started_at;
  ELSE
    -- The offer starts now: lowest selling price of [at - 30 days, at).
    NEW.offer_started_at := at;
    SELECT min(p) INTO lowest FROM (
      (SELECT h.price_cents AS p FROM product_price_history h
        WHERE h.art_no = NEW.art_no AND h.valid_from <= at - interval '30 days'
        ORDER BY h.valid_from DESC LIMIT 1)
      UNION ALL
      SELECT h.price_cents FROM product_price_history h
        WHERE h.art_no = NEW.art_no AND h.valid_from > at - interval '30 days' AND h.valid_from < at
      UNION ALL
      -- The price just before this change (already in the history, unless it predates it).
      SELECT old_price WHERE old_price > 0
    ) prior;
    NEW.reference_price_cents := lowest;
  END IF;

  IF new_price > 0 AND (TG_OP = 'INSERT' OR new_price <> old_price OR NEW.art_no <> OLD.art_no) THEN
    INSERT INTO product_price_history (art_no, price_cents, valid_from, source)
    VALUES (NEW.art_no, new_price, at, coalesce(nullif(current_setting('app.price_source', true), ''), 'database'))
    ON CONFLICT (art_no, valid_from) DO UPDATE SET price_cents = EXCLUDED.price_cents, source = EXCLUDED.source;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_price_track BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION product_price_track();--> statement-breakpoint
-- Existing products: their current selling price is known from now on; earlier prices are not, so an
-- offer that is already running gets no "was" price (nothing proves a higher price before it).
INSERT INTO product_price_history (art_no, price_cents, valid_from, source)
  SELECT art_no, effective_price_cents, now(), 'migration' FROM products WHERE effective_price_cents > 0;
