/**
 * Big figures with their labels, e.g. 500+ creators: a description list under a heading that
 * only screen readers announce (it sits inside a section headed by an h2).
 */
export function StatsPanel({
  label,
  stats,
  className,
}: {
  label: string;
  stats: { value: string; label: string }[];
  className?: string;
}) {
  return (
    <div className={className}>
      <h3 className="sr-only">{label}</h3>
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-border bg-border">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse gap-1 bg-surface p-5 sm:p-6">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-3xl font-black tracking-tight text-accent sm:text-4xl">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
