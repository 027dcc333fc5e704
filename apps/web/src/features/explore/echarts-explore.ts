/** The parts of ECharts the explorer's charts need, registered once; loaded on demand with the first chart. */
import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { init, use } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";

use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { init };
