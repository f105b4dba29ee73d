import { AudioWaveform } from 'lucide-react';
import { Link } from 'react-router';

/** SPEC §8: 'No triggers found.' with a Create one link. */
export function EmptyTriggers({ canCreate = true }: { canCreate?: boolean }) {
  return (
    <div
      className="flex flex-col items-center justify-center gap-2 px-6 py-10 text-center"
      data-testid="empty-triggers"
    >
      <div className="flex size-11 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <AudioWaveform className="size-5" />
      </div>
      <p className="text-sm font-medium text-slate-700">
        No triggers found.{' '}
        {canCreate ? (
          <Link to="/create-trigger" className="text-indigo-600 hover:underline">
            Create one
          </Link>
        ) : null}
      </p>
    </div>
  );
}
