import type { Command } from "commander";
import type { WithContext } from "../../platform/module";
import { importGleifFile, importIsinLeiFile, type ReadProgress } from "./gleif";

const formatDuration = (seconds: number): string => {
  if (!Number.isFinite(seconds) || seconds < 0) return "--";
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours > 0
    ? `${hours}h${String(minutes).padStart(2, "0")}m`
    : `${minutes}m${String(rest).padStart(2, "0")}s`;
};

/** A one-line progress bar with rate and time left, redrawn at most a few times a second on a terminal. */
export function progressBar(stream: NodeJS.WriteStream, unit: string) {
  const started = performance.now();
  let lastDraw = 0;
  const draw = (progress: ReadProgress, force = false) => {
    if (!stream.isTTY) return;
    const now = performance.now();
    if (!force && now - lastDraw < 200) return;
    lastDraw = now;
    const elapsed = (now - started) / 1000;
    const share = progress.totalBytes > 0 ? Math.min(progress.bytesRead / progress.totalBytes, 1) : 0;
    const width = 30;
    const filled = Math.round(share * width);
    const rate = elapsed > 0 ? progress.records / elapsed : 0;
    const left = share > 0 ? (elapsed / share) * (1 - share) : Number.NaN;
    const line =
      `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(share * 100).toFixed(1).padStart(5)}%  ` +
      `${progress.records.toLocaleString("en")} ${unit}  ${Math.round(rate).toLocaleString("en")}/s  ` +
      `${formatDuration(left)} left`;
    stream.write(`\r${line.padEnd((stream.columns ?? 100) - 1).slice(0, (stream.columns ?? 100) - 1)}`);
  };
  return {
    update: (progress: ReadProgress) => draw(progress),
    /** Clears the bar so a message can be written on its own line. */
    interrupt: () => {
      if (stream.isTTY) stream.write("\r\x1b[K");
    },
    finish: (progress: ReadProgress) => {
      draw(progress, true);
      if (stream.isTTY) stream.write("\n");
    },
  };
}

export function registerCompanyCommands(program: Command, withContext: WithContext): void {
  const importCommand =
    program.commands.find((command) => command.name() === "import") ??
    program.command("import").description("Bring data from outside sources into Openverde.");

  importCommand
    .command("gleif <file>")
    .description(
      "Import the GLEIF golden copy (LEI-CDF 3.1 XML, plain, .gz or .zip): adds companies by LEI and updates the ones already there.",
    )
    .option("--batch-size <n>", "records written per statement batch", "5000")
    .action(async (file: string, options: { batchSize: string }) => {
      await withContext(async (context) => {
        const bar = progressBar(process.stderr, "records");
        let last: ReadProgress = { bytesRead: 0, totalBytes: 0, records: 0 };
        const summary = await importGleifFile(context.database.db, file, {
          batchSize: Math.max(1, Number(options.batchSize) || 5000),
          deferIndexes: "auto",
          indexBuildParallelism: context.database.kind === "server" ? 2 : 1,
          relaxedCommit: context.database.kind === "server",
          writers: context.database.kind === "server" ? 2 : 1,
          onIndexBuild: (phase, seconds) => {
            bar.interrupt();
            process.stderr.write(
              phase === "start"
                ? "Building the search indexes ...\n"
                : `Search indexes built in ${seconds.toFixed(1)} s.\n`,
            );
          },
          onProgress: (progress) => {
            last = progress;
            bar.update(progress);
          },
          onMalformed: (bad) => {
            bar.interrupt();
            const where = bad.lei ? `LEI ${bad.lei}` : `record ${bad.recordNumber} (line ${bad.line})`;
            process.stderr.write(`Skipped ${where}: ${bad.reason}.\n`);
          },
        });
        bar.finish(last);
        const rate = summary.seconds > 0 ? Math.round(summary.records / summary.seconds) : summary.records;
        process.stdout.write(
          `GLEIF import done in ${summary.seconds.toFixed(1)} s (${rate.toLocaleString("en")} records/s): ` +
            `${summary.records.toLocaleString("en")} records, ${summary.added.toLocaleString("en")} companies added, ` +
            `${summary.updated.toLocaleString("en")} updated, ${summary.unchanged.toLocaleString("en")} unchanged, ` +
            `${summary.malformed.toLocaleString("en")} malformed records skipped.\n`,
        );
      });
    });

  importCommand
    .command("isin-lei <file>")
    .description(
      "Replace the ISIN-LEI mapping by GLEIF's LEI-ISIN relationship file (CSV: LEI,ISIN; plain, .gz or .zip) and attach the ISINs to the companies holding their LEIs, in one transaction (as POST /api/isinleimapping/).",
    )
    .action(async (file: string) => {
      await withContext(async (context) => {
        const bar = progressBar(process.stderr, "pairs");
        let last: ReadProgress = { bytesRead: 0, totalBytes: 0, records: 0 };
        const summary = await importIsinLeiFile(context.database.db, file, {
          onProgress: (progress) => {
            last = progress;
            bar.update(progress);
          },
          onMalformed: (line, text) => {
            bar.interrupt();
            process.stderr.write(`Skipped line ${line}: "${text.slice(0, 80)}" is not LEI,ISIN.\n`);
          },
        });
        bar.finish(last);
        process.stdout.write(
          `ISIN-LEI mapping replaced in ${summary.seconds.toFixed(1)} s: ${summary.pairs.toLocaleString("en")} pairs, ` +
            `${summary.attached.toLocaleString("en")} ISINs attached, ${summary.alreadyThere.toLocaleString("en")} already there, ` +
            `${summary.unknownLei.toLocaleString("en")} with an LEI not in Openverde, ` +
            `${summary.heldByOther.toLocaleString("en")} held by another company, ${summary.malformed} malformed lines skipped.\n`,
        );
      });
    });
}
