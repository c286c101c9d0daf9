/**
 * A bar chart drawn by chart.js (only the parts a bar chart needs are registered, so the rest of
 * the library stays out of the bundle). The canvas is an image to assistive technology, named by
 * `label`; the figures it draws are also written beside it as text.
 */
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartDataset } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Colors that read on the light and the dark theme alike. */
export const PALETTE = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

export interface BarChartProps {
  label: string;
  labels: string[];
  datasets: { label: string; data: (number | null)[] }[];
  stacked?: boolean;
  locale: string;
}

export function BarChart({ label, labels, datasets, stacked = false, locale }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar', (number | null)[], string> | null>(null);

  useEffect(() => {
    const sets: ChartDataset<'bar', (number | null)[]>[] = datasets.map((d, i) => ({
      label: d.label,
      data: d.data,
      backgroundColor: PALETTE[i % PALETTE.length],
      borderRadius: 3,
    }));
    if (!chart.current) {
      chart.current = new Chart<'bar', (number | null)[], string>(canvas.current!, {
        type: 'bar',
        data: { labels, datasets: sets },
        options: {
          locale,
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: { x: { stacked }, y: { stacked, beginAtZero: true } },
          plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
        },
      });
    } else {
      chart.current.data = { labels, datasets: sets };
      chart.current.options.locale = locale;
      chart.current.update();
    }
  }, [labels, datasets, stacked, locale]);

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  return (
    <div className="chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
