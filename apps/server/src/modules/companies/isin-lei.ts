/**
 * The ISIN-LEI mapping: which LEI issued each ISIN. Replacing it is one function for both ways in (POST
 * /api/isinleimapping/ and `npm run cli -- import isin-lei`): the pairs arrive in batches from a stream
 * and are written as they come, all in one transaction, so a failure half-way leaves the old mapping.
 */
import { type AuditActor, recordAudit } from "../audit";
import { attachIsins, clearIsinLeiMapping, insertIsinLeiPairs, selectIsinsOfLei } from "./import-store";
import type { Queryable } from "./store";

export interface IsinLeiPair {
  lei: string;
  isin: string;
}

const LEI = /^[0-9A-Z]{20}$/;
const ISIN = /^[A-Z]{2}[0-9A-Z]{9}[0-9]$/;

/** A pair as the mapping keeps it (trimmed, upper case), or the reason it is none. */
export function readIsinLeiPair(lei: unknown, isin: unknown): IsinLeiPair | string {
  const cleanLei = typeof lei === "string" ? lei.trim().toUpperCase() : "";
  const cleanIsin = typeof isin === "string" ? isin.trim().toUpperCase() : "";
  if (!LEI.test(cleanLei)) return `lei ${JSON.stringify(lei ?? null)} is not an LEI (20 letters and digits)`;
  if (!ISIN.test(cleanIsin))
    return `isin ${JSON.stringify(isin ?? null)} is not an ISIN (2 letters, 9 letters or digits, a check digit)`;
  return { lei: cleanLei, isin: cleanIsin };
}

export interface IsinLeiSummary {
  pairs: number;
  /** ISINs newly attached to the company holding their LEI. */
  attached: number;
  /** Pairs whose LEI no company of the register holds (kept in the mapping all the same). */
  unknownLei: number;
  alreadyThere: number;
  heldByOther: number;
  seconds: number;
}

/**
 * Replaces the whole mapping by the pairs of `batches`, in one transaction with its audit entry, and
 * attaches each ISIN to the company holding its LEI (an ISIN another company holds is left there). A
 * batch source that throws (a malformed upload) rolls everything back.
 */
export async function replaceIsinLeiMapping(
  db: Queryable,
  batches: AsyncIterable<IsinLeiPair[]>,
  actor: AuditActor,
  onBatch: (summary: IsinLeiSummary) => void = () => {},
): Promise<IsinLeiSummary> {
  const started = performance.now();
  const summary: IsinLeiSummary = {
    pairs: 0,
    attached: 0,
    unknownLei: 0,
    alreadyThere: 0,
    heldByOther: 0,
    seconds: 0,
  };
  await db.transaction().execute(async (trx) => {
    await clearIsinLeiMapping(trx);
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      await insertIsinLeiPairs(trx, batch);
      const outcome = await attachIsins(trx, batch);
      summary.pairs += batch.length;
      summary.attached += outcome.attached;
      summary.unknownLei += outcome.unknownLei;
      summary.alreadyThere += outcome.alreadyThere;
      summary.heldByOther += outcome.heldByOther;
      onBatch(summary);
    }
    await recordAudit(trx, actor, {
      action: "isin-lei-mapping.replaced",
      objectType: "isin-lei-mapping",
      objectId: "all",
      after: { pairs: summary.pairs, attached: summary.attached, unknownLei: summary.unknownLei },
    });
  });
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

/** The ISINs the mapping gives an LEI (none for an LEI it does not know). */
export const isinsOfLei = (db: Queryable, lei: string): Promise<string[]> =>
  selectIsinsOfLei(db, lei.trim().toUpperCase());
