import type { EmbedResult } from '@tonemark/shared';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmbedMediaForm } from '@/features/media/components/embed-media-form';
import { EmbedResultCard } from '@/features/media/components/embed-result-card';
import { HowEmbeddingWorks } from '@/features/media/components/how-embedding-works';

/** SPEC §2.13 Embed in Media. */
export function EmbedTriggerRoute() {
  const [result, setResult] = useState<EmbedResult | null>(null);
  return (
    <div>
      <Link
        to="/admin"
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-500 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" /> Back to Dashboard
      </Link>
      <PageHeader
        title="Embed in Media"
        description="Mix one of your triggers into an audio or video file at the second you choose."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Media and trigger</CardTitle>
              <CardDescription>
                Direct file URLs are required; YouTube URLs are not supported.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <EmbedMediaForm onEmbedded={setResult} />
            </CardContent>
          </Card>
          {result ? <EmbedResultCard result={result} /> : null}
        </div>
        <HowEmbeddingWorks />
      </div>
    </div>
  );
}
