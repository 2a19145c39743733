import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip as ChartTooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { KeywordDataItem } from '@core/schemas/keywords';

// Only what a bar chart needs, so the drawer's chunk stays small.
ChartJS.register(BarElement, CategoryScale, LinearScale, ChartTooltip);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The last twelve monthly search volumes of a keyword. */
export default function VolumeChart({
  months,
}: {
  months: KeywordDataItem['keyword_info']['monthly_searches'];
}) {
  return (
    <Bar
      aria-label="Monthly search volume, last 12 months"
      role="img"
      data={{
        labels: months.map((m) => `${MONTHS[m.month - 1]} ${String(m.year).slice(2)}`),
        datasets: [
          {
            label: 'Searches',
            data: months.map((m) => m.search_volume),
            backgroundColor: '#0d6efd',
          },
        ],
      }}
      options={{
        responsive: true,
        animation: false,
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true } },
      }}
    />
  );
}
