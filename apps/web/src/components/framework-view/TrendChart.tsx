import { useEffect, useRef } from "react";

/** A small line chart of one numeric data point over the shown datasets; ECharts loads on first use. */
export function TrendChart({
  label,
  unit,
  points,
}: {
  label: string;
  unit?: string;
  /** Oldest first. */
  points: { period: string; value: number | null }[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | undefined;
    const onResize = () => chart?.resize();
    (async () => {
      const { init } = await import("./echarts-line");
      if (disposed || !ref.current) return;
      const instance = init(ref.current, undefined, { renderer: "svg" });
      chart = instance;
      const style = getComputedStyle(document.documentElement);
      const primary = style.getPropertyValue("--ov-primary-600").trim() || "#c94f0b";
      const muted = style.getPropertyValue("--ov-text-muted").trim() || "#5b6b80";
      instance.setOption({
        animation: false,
        grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
        tooltip: { trigger: "axis", valueFormatter: (value: unknown) => `${value}${unit ? ` ${unit}` : ""}` },
        xAxis: {
          type: "category",
          data: points.map((point) => point.period),
          axisLabel: { color: muted },
        },
        yAxis: { type: "value", axisLabel: { color: muted }, scale: true },
        series: [
          {
            type: "line",
            name: label,
            data: points.map((point) => point.value),
            connectNulls: true,
            symbolSize: 7,
            lineStyle: { color: primary, width: 2 },
            itemStyle: { color: primary },
          },
        ],
      });
      window.addEventListener("resize", onResize);
    })().catch(() => {});
    return () => {
      disposed = true;
      window.removeEventListener("resize", onResize);
      chart?.dispose();
    };
  }, [label, unit, points]);
  const summary = points
    .map(
      (point) =>
        `${point.period}: ${point.value ?? "no value"}${unit && point.value !== null ? ` ${unit}` : ""}`,
    )
    .join(", ");
  return <div ref={ref} className="fv-trend" role="img" aria-label={`Trend of ${label}. ${summary}`} />;
}
