/**
 * The values a dataset judgement corrected, as the views mark them: per field path the uploaded value
 * (written as the view writes values), where the corrected value comes from, who corrected it, when
 * and why. `useCorrectedColumns` asks the server for every accepted dataset shown. The conversion is
 * pure, so it is tested without a browser.
 */
import { type FrameworkId, fieldByPath, formatFieldValue, getFramework } from "@openverde/frameworks";
import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import { unwrap, useApi } from "../../api";
import type { components } from "../../api/generated/qa";
import type { CorrectionMark, DatasetColumn } from "../../components/framework-view";
import { useAuth } from "../auth";

export type JudgedVersionCorrections = components["schemas"]["JudgedVersionCorrections"];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The uploaded value of a data point in words; "no value" when it held none. */
function writtenValue(frameworkId: FrameworkId, path: string, dataPoint: unknown): string {
  const field = fieldByPath(getFramework(frameworkId), path);
  // An extended data point carries its value beside quality, comment and source; a plain field is the value.
  const extended = isObject(dataPoint) && "value" in dataPoint;
  const value = extended ? dataPoint.value : dataPoint;
  const currency = extended && typeof dataPoint.currency === "string" ? dataPoint.currency : undefined;
  if (value === null || value === undefined || !field) return "no value";
  return formatFieldValue(field, value, currency) || "no value";
}

/** Per field path, the mark of each value the judgement corrected. */
export function correctionMarks(
  frameworkId: FrameworkId,
  found: JudgedVersionCorrections,
): Map<string, CorrectionMark> {
  const marks = new Map<string, CorrectionMark>();
  if (found.judgedAt === undefined) return marks;
  for (const correction of found.corrections) {
    if (!correction.fieldPath) continue;
    marks.set(correction.fieldPath, {
      originalValue: writtenValue(frameworkId, correction.fieldPath, correction.originalDataPoint),
      source:
        correction.acceptedSource === "Qa"
          ? `the value of the QA report of ${correction.reporterUserName ?? "a reviewer"}`
          : "a value of the reviewer's own",
      ...(found.qaJudgeUserName ? { correctedBy: found.qaJudgeUserName } : {}),
      correctedAt: found.judgedAt,
      comment: correction.comment,
    });
  }
  return marks;
}

/**
 * The columns with the corrections of the judgements that produced them. Only accepted datasets can
 * come from a judgement, and only signed-in readers may ask; the others are passed on unchanged.
 */
export function useCorrectedColumns(frameworkId: FrameworkId | undefined, columns: DatasetColumn[]) {
  const api = useApi();
  const { status } = useAuth();
  const asked = columns.filter(
    (column) => frameworkId && status === "signedIn" && column.dataId && column.qaStatus === "Accepted",
  );
  const results = useQueries({
    queries: asked.map((column) => ({
      queryKey: ["judged-corrections", column.dataId],
      retry: false,
      staleTime: 60_000,
      queryFn: () =>
        unwrap(
          api.qa.GET("/judged-versions/{dataId}/corrections", {
            params: { path: { dataId: column.dataId ?? "" } },
          }),
        ),
    })),
  });
  const found = results.map((result) => result.data);
  // useQueries gives a new array on every render; the answers themselves change rarely.
  const key = JSON.stringify(found.map((answer) => answer?.dataId ?? null));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the answers in `found`
  return useMemo(() => {
    if (!frameworkId) return columns;
    const byDataId = new Map(
      found.flatMap((answer) =>
        answer ? [[answer.dataId, correctionMarks(frameworkId, answer)] as const] : [],
      ),
    );
    return columns.map((column) => {
      const marks = column.dataId ? byDataId.get(column.dataId) : undefined;
      return marks && marks.size > 0 ? { ...column, corrections: marks } : column;
    });
  }, [frameworkId, columns, key]);
}
