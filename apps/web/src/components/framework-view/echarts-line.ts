/** The parts of ECharts the trend chart needs, registered once; loaded on demand with the chart. */
import { LineChart } from "echarts/charts";
import { GridComponent, TooltipComponent } from "echarts/components";
import { init, use } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";

use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

export { init };
