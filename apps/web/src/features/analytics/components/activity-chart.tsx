import { BarChart3 } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatCount } from '@/lib/format-number';

const RANGES = ['Last 7 days', 'This month', 'Last 30 days'] as const;
const DEVICES = ['All Devices', 'iOS Only', 'Android Only'] as const;

/** Trigger Activity from activationsByDay. The range and device filters arrive with the analytics issue. */
export function ActivityChart({ activationsByDay }: { activationsByDay: Record<string, number> }) {
  const data = Object.entries(activationsByDay).map(([day, count]) => ({ day, count }));
  const total = data.reduce((sum, point) => sum + point.count, 0);
  const lastWeek = data.slice(-7).reduce((sum, point) => sum + point.count, 0);

  return (
    <Card data-testid="activity-chart">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Trigger Activity</CardTitle>
        <div className="flex gap-2">
          <Select defaultValue={RANGES[0]}>
            <SelectTrigger className="h-8 w-36 text-xs" aria-label="Date range">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RANGES.map((range) => (
                <SelectItem key={range} value={range}>
                  {range}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select defaultValue={DEVICES[0]}>
            <SelectTrigger className="h-8 w-36 text-xs" aria-label="Devices">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {DEVICES.map((device) => (
                <SelectItem key={device} value={device}>
                  {device}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        {total === 0 ? (
          <div className="flex h-56 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-200 text-center">
            <BarChart3 className="size-7 text-slate-300" />
            <p className="text-sm font-medium text-slate-600">No activations yet</p>
            <p className="max-w-xs text-xs text-slate-400">
              When listeners detect your triggers, daily activations show up here.
            </p>
          </div>
        ) : (
          <div className="h-56">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid vertical={false} stroke="#e2e8f0" />
                <XAxis dataKey="day" tickLine={false} axisLine={false} fontSize={12} stroke="#64748b" />
                <YAxis
                  allowDecimals={false}
                  tickLine={false}
                  axisLine={false}
                  fontSize={12}
                  stroke="#64748b"
                />
                <Tooltip cursor={{ fill: '#eef2ff' }} />
                <Bar
                  dataKey="count"
                  name="Activations"
                  fill="#6366f1"
                  radius={[6, 6, 0, 0]}
                  animationDuration={600}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
      <CardFooter className="justify-between text-sm">
        <span className="text-slate-500">Total this week</span>
        <span className="font-semibold text-slate-900 tabular-nums">{formatCount(lastWeek)} activations</span>
      </CardFooter>
    </Card>
  );
}
