import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** A centred card with a heading, a sentence and a way back to the dashboard (missing, unknown, empty states). */
export function OrderNotice({
  title,
  children,
  action = 'Go to Dashboard',
  tone = 'neutral',
}: {
  title: string;
  children: ReactNode;
  action?: string;
  tone?: 'neutral' | 'warning';
}) {
  return (
    <Card className="mx-auto max-w-xl px-6 py-12 text-center">
      <div
        aria-hidden="true"
        className={`mx-auto mb-4 flex size-12 items-center justify-center rounded-full text-xl font-bold ${
          tone === 'warning' ? 'bg-amber-100 text-amber-700' : 'bg-slate-100 text-slate-500'
        }`}
      >
        !
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-3 text-slate-600">{children}</div>
      <Link to="/dashboard" className={buttonClasses({ className: 'mt-6' })}>
        {action}
      </Link>
    </Card>
  );
}
