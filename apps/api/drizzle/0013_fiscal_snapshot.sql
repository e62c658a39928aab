-- Frozen fiscal snapshot (decision 132): every issued invoice and credit note keeps the buyer's and
-- the issuer's fiscal data as they were when it took its NCF (null on drafts). Documents issued
-- before this migration are filled from the client and the company settings as they are now, the
-- best record left (an edit made before today cannot be recovered), so no later edit changes them;
-- a credit note copies its invoice's. Issued = not a draft and with an NCF or sent (voided drafts
-- stay null). Same rules as buildFiscalSnapshot (src/modules/invoices/fiscal-snapshot.ts);
-- test/migration-fiscal-snapshot.test.ts checks that both give the same value.
ALTER TABLE "invoices" ADD COLUMN "fiscal_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "fiscal_snapshot" jsonb;--> statement-breakpoint
UPDATE "invoices" AS i
SET "fiscal_snapshot" = jsonb_build_object(
  'buyer', jsonb_build_object(
    'name', coalesce(nullif(c.company_name, ''), btrim(c.first_name || ' ' || c.last_name)),
    'person', CASE WHEN coalesce(c.company_name, '') <> '' THEN btrim(c.first_name || ' ' || c.last_name) END,
    'taxId', nullif(c.company_rnc, ''),
    'taxIdType', CASE
      WHEN coalesce(c.company_rnc, '') = '' THEN NULL
      WHEN length(regexp_replace(c.company_rnc, '\D', '', 'g')) = 9 THEN 1
      WHEN length(regexp_replace(c.company_rnc, '\D', '', 'g')) = 11 THEN 2
      ELSE 3
    END,
    'address', nullif(concat_ws(', ', nullif(btrim(c.street), ''), nullif(btrim(c.city), ''),
                                nullif(btrim(c.state), ''), nullif(btrim(c.country), '')), ''),
    'taxpayerType', c.taxpayer_type,
    'email', c.email
  ),
  'issuer', s.issuer
)
FROM "clients" AS c,
  (SELECT jsonb_build_object(
     'name', name,
     'taxId', nullif(tax_id, ''),
     'address', nullif(concat_ws(', ', nullif(btrim(address), ''), nullif(btrim(city), ''),
                                 nullif(btrim(state), ''), nullif(btrim(country), '')), '')
   ) AS issuer
   FROM "company_settings" WHERE id = 1) AS s
WHERE c.id = i.client_id
  AND i.status <> 'draft'
  AND (i.ncf IS NOT NULL OR i.sent_at IS NOT NULL);--> statement-breakpoint
UPDATE "credit_notes" AS n
SET "fiscal_snapshot" = i.fiscal_snapshot
FROM "invoices" AS i
WHERE i.id = n.invoice_id;
