import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ECharts, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { OutcomeChartOption } from './chart-options';

// Only what the outcome report draws (tree-shaken ECharts): line and bar series, their grid, legend
// and tooltip, drawn as SVG so that the printed report stays sharp at any scale.
use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

interface Props {
  option: OutcomeChartOption;
  /** The chart's accessible name; its numbers are in the data table beside it. */
  label: string;
  height: number;
}

/**
 * One ECharts chart. The container is an image to assistive technology (the figure's data table is
 * the text alternative); it follows its container's width, and redraws for the printed page.
 */
export default function EChart({ option, label, height }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = () => instance.resize();
    const observer = new ResizeObserver(resize);
    observer.observe(element);
    // The printed page is narrower than the screen: redraw for it and back.
    const print = window.matchMedia('print');
    print.addEventListener('change', resize);
    window.addEventListener('beforeprint', resize);
    window.addEventListener('afterprint', resize);
    return () => {
      observer.disconnect();
      print.removeEventListener('change', resize);
      window.removeEventListener('beforeprint', resize);
      window.removeEventListener('afterprint', resize);
      chart.current = null;
      instance.dispose();
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={container} className="outcome-chart" role="img" aria-label={label} style={{ height }} data-testid="outcome-chart" />;
}
