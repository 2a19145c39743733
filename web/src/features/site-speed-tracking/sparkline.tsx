import { Line } from 'react-chartjs-2';
import { COLORS } from '../../components/chart-setup';

/** A tracked page's latest scores, oldest first, as a small line without axes. */
export default function Sparkline({ scores, label }: { scores: readonly number[]; label: string }) {
  return (
    <div style={{ width: 120, height: 32 }}>
      <Line
        role="img"
        aria-label={label}
        data={{
          labels: scores.map((_, i) => i),
          datasets: [
            {
              data: [...scores],
              borderColor: COLORS.line,
              borderWidth: 2,
              pointRadius: 0,
              tension: 0.3,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          events: [],
          plugins: { legend: { display: false }, tooltip: { enabled: false } },
          scales: {
            x: { type: 'linear', display: false },
            y: { display: false, suggestedMin: 0, suggestedMax: 100 },
          },
        }}
      />
    </div>
  );
}
