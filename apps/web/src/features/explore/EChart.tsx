import type { EChartsCoreOption } from "echarts/core";
import { useEffect, useRef } from "react";

/** The platform's colours for charts, read from the design tokens once per chart. */
export interface ChartColours {
  primary: string;
  muted: string;
  /** For several series: primary and secondary tones that stay apart. */
  series: string[];
}

function chartColours(): ChartColours {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    primary: token("--ov-primary-600", "#c94f0b"),
    muted: token("--ov-text-muted", "#5b6b80"),
    series: [
      token("--ov-primary-600", "#c94f0b"),
      token("--ov-secondary-700", "#3d4d63"),
      token("--ov-primary-300", "#f2a76a"),
      token("--ov-secondary-400", "#8a9ab0"),
      token("--ov-primary-800", "#7a3007"),
      token("--ov-secondary-900", "#1f2937"),
    ],
  };
}

/**
 * One ECharts chart (SVG, no animation) drawn from an option built by `build`; ECharts loads with
 * the first chart. The element carries the text alternative as its accessible name; charts that say
 * more give a data table beside it.
 */
export function EChart({
  build,
  label,
  className,
}: {
  build: (colours: ChartColours) => EChartsCoreOption;
  label: string;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | undefined;
    const observer = new ResizeObserver(() => chart?.resize());
    (async () => {
      const { init } = await import("./echarts-explore");
      if (disposed || !ref.current) return;
      const instance = init(ref.current, undefined, { renderer: "svg" });
      chart = instance;
      instance.setOption({ animation: false, ...build(chartColours()) });
      observer.observe(ref.current);
    })().catch(() => {});
    return () => {
      disposed = true;
      observer.disconnect();
      chart?.dispose();
    };
  }, [build]);
  return <div ref={ref} className={className} role="img" aria-label={label} />;
}
