/**
 * The ISIN-LEI mapping: which LEI issued each ISIN. Replacing it is one function for both ways in (POST
 * /api/isinleimapping/ and `npm run cli -- import isin-lei`): the pairs arrive in batches from a stream
 * and are written as they come into a table of incoming pairs, from which the new mapping and the ISINs
 * to attach are then made set-wise (isin-lei-store.ts); the new mapping and the attached ISINs appear
 * in one transaction, so a failure half-way leaves the old mapping.
 */
import { type AuditActor, recordAudit } from "../audit";
import { canCopy } from "./copy-rows";
import {
  type AttachCounts,
  addIncomingPairs,
  attachFreshIdentifiers,
  attachFreshIsinTerms,
  buildNextIsinTerms,
  classifyMappedIsins,
  countIdentifiers,
  dropClassification,
  dropLeftReplacementTables,
  dropReplacementTables,
  fillNextMapping,
  indexNextMapping,
  lockAttachTargets,
  type ReplacementTables,
  replacementTables,
  selectIsinsOfLei,
  startIncomingPairs,
  startReplacement,
  swapInNextIsinTerms,
  swapInNextMapping,
} from "./isin-lei-store";
import { loadWithoutIndexes } from "./search-indexes";
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
  /** ISINs whose LEI no company of the register holds (kept in the mapping all the same). */
  unknownLei: number;
  /** ISINs the company holding their LEI holds already, and ISINs another company holds (left there). */
  alreadyThere: number;
  heldByOther: number;
  seconds: number;
}

/**
 * An import attaching at least this share of the identifiers the register holds (the first one: about
 * 1.4 ISINs per LEI) is a bulk load. The identifiers' primary key, their index on company ids and
 * their foreign key to companies are dropped and built again after the rows: ids come in no order,
 * so each row would touch a random page. The primary key took the rows in ISIN order, but each from
 * its root, between the LEIs: 1.44M ISINs into a 1M register 5.2 to 6.0 s with the key in place, 4.4
 * to 4.7 s with the key built again over all 2.44M identifiers (session 19). The ISINs' search terms,
 * then most of their table, go into a next terms table whose indexes are built after its rows, and
 * which takes the old one's place (at 1M companies 2.2 s into their own table with its indexes built
 * after, against 4.8 s into the term table, session 18); on a server it is built on a connection of its
 * own beside the identifiers (session 20).
 */
const BULK_SHARE = 0.5;
const BULK_IDENTIFIER_INDEXES = ["company_identifier_company"];

/**
 * Replaces the whole mapping by the pairs of `batches` (an ISIN given twice keeps its later LEI), in one
 * transaction with its audit entry, and attaches each ISIN to the company holding its LEI (an ISIN
 * another company holds is left there). A batch source that throws (a malformed upload) rolls
 * everything back.
 *
 * On a server the tables the replacement builds before it uses them are built on connections of their
 * own and committed under names no reader uses (replacementTables), while the transaction holds the
 * mapping's lock, and from the classification on the identifiers' and the ISIN terms' locks: the next
 * mapping is filled, then indexed beside the classification; a bulk load's next ISIN terms table is
 * built beside the transaction attaching the identifiers; then the transaction swaps the next tables
 * in. After a failure those tables are dropped once the transaction has ended, and a replacement drops
 * those that replacements which crashed left. On the embedded database (one connection) all of it runs
 * in the transaction.
 *
 * A process runs its replacements one at a time (replacementsOfThisProcess).
 */
export function replaceIsinLeiMapping(
  db: Queryable,
  batches: AsyncIterable<IsinLeiPair[]>,
  actor: AuditActor,
  onBatch: (summary: IsinLeiSummary) => void = () => {},
): Promise<IsinLeiSummary> {
  const replacement = replacementsOfThisProcess.then(() => replaceNow(db, batches, actor, onBatch));
  replacementsOfThisProcess = replacement.catch(() => {});
  return replacement;
}

/**
 * The replacements this process has started, chained. A replacement holds one connection for its
 * transaction and takes two more beside it once it has the mapping's lock; replacements waiting for
 * that lock each held a connection of the pool, and enough of them would leave none for the one that
 * holds it (and none for other requests). Queued here they hold none.
 */
let replacementsOfThisProcess: Promise<unknown> = Promise.resolve();

async function replaceNow(
  db: Queryable,
  batches: AsyncIterable<IsinLeiPair[]>,
  actor: AuditActor,
  onBatch: (summary: IsinLeiSummary) => void,
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
  // A PostgreSQL server: the pairs go in by COPY and other connections build beside the first.
  const onServer = await canCopy(db);
  const tables = replacementTables();
  const readPairs = async (trx: Queryable) => {
    await startIncomingPairs(trx);
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      await addIncomingPairs(trx, batch, summary.pairs, onServer);
      summary.pairs += batch.length;
      onBatch(summary);
    }
    await fillNextMapping(trx, tables.next);
  };
  // Work on other connections, awaited before the swaps, or settled after a failure.
  const beside: Promise<unknown>[] = [];
  const besideOnServer = (work: (trx: Queryable) => Promise<unknown>): Promise<unknown> => {
    const running = db.transaction().execute(work);
    // A failure meanwhile must not count as unhandled: the transaction awaits it.
    running.catch(() => {});
    beside.push(running);
    return running;
  };
  try {
    await db.transaction().execute(async (trx) => {
      await startReplacement(trx);
      await dropLeftReplacementTables(trx);
      let bulk: boolean;
      if (onServer) {
        await db.transaction().execute(readPairs);
        await lockAttachTargets(trx);
        const indexed = besideOnServer((other) => indexNextMapping(other, tables.next, true));
        const counts = await db.transaction().execute((other) => classifyMappedIsins(other, tables));
        bulk = await countInto(summary, counts, trx);
        const termsBuilt = bulk
          ? besideOnServer((other) => buildNextIsinTerms(other, tables, true))
          : undefined;
        await attachIdentifiers(trx, tables, counts, bulk, true);
        await Promise.all([indexed, termsBuilt]);
      } else {
        await readPairs(trx);
        await indexNextMapping(trx, tables.next, false);
        await lockAttachTargets(trx);
        const counts = await classifyMappedIsins(trx, tables);
        bulk = await countInto(summary, counts, trx);
        if (bulk) await buildNextIsinTerms(trx, tables, false);
        await attachIdentifiers(trx, tables, counts, bulk, false);
      }
      if (bulk) await swapInNextIsinTerms(trx, tables);
      await swapInNextMapping(trx, tables.next);
      await dropClassification(trx, tables);
      await recordAudit(trx, actor, {
        action: "isin-lei-mapping.replaced",
        objectType: "isin-lei-mapping",
        objectId: "all",
        after: { pairs: summary.pairs, attached: summary.attached, unknownLei: summary.unknownLei },
      });
    });
  } catch (error) {
    await Promise.allSettled(beside);
    await dropReplacementTables(db, tables);
    throw error;
  }
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

/** Counts the classified ISINs into `summary`; whether attaching the fresh ones is a bulk load (BULK_SHARE). */
async function countInto(summary: IsinLeiSummary, counts: AttachCounts, trx: Queryable): Promise<boolean> {
  summary.unknownLei = counts.unknownLei;
  summary.alreadyThere = counts.alreadyThere;
  summary.heldByOther = counts.heldByOther;
  summary.attached = counts.fresh;
  return counts.fresh > 0 && counts.fresh >= BULK_SHARE * (await countIdentifiers(trx));
}

/**
 * Attaches the fresh ISINs as identifiers; unless it is a bulk load (whose terms go into the next terms
 * table), with their search terms too.
 */
async function attachIdentifiers(
  trx: Queryable,
  tables: ReplacementTables,
  counts: AttachCounts,
  bulk: boolean,
  onServer: boolean,
): Promise<void> {
  if (counts.fresh === 0) return;
  if (bulk) {
    await loadWithoutIndexes(
      trx,
      BULK_IDENTIFIER_INDEXES,
      true,
      () => attachFreshIdentifiers(trx, tables, false),
      onServer,
    );
    return;
  }
  await attachFreshIdentifiers(trx, tables, true);
  await attachFreshIsinTerms(trx, tables);
}

/** The ISINs the mapping gives an LEI (none for an LEI it does not know). */
export const isinsOfLei = (db: Queryable, lei: string): Promise<string[]> =>
  selectIsinsOfLei(db, lei.trim().toUpperCase());
