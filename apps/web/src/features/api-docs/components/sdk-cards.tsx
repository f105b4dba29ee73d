import { SDK_VERSION } from '@tonemark/shared';
import { Code2, Smartphone, TabletSmartphone } from 'lucide-react';
import type { ComponentType } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { javascriptSnippet, kotlinSnippet, swiftSnippet } from '../content/snippets';
import { CodeBlock } from './code-block';

interface Sdk {
  name: string;
  icon: ComponentType<{ className?: string }>;
  packageName: string;
  snippet: (base: string) => string;
  label: string;
}

const SDKS: Sdk[] = [
  {
    name: 'JavaScript/React',
    icon: Code2,
    packageName: '@tonemark/sdk',
    snippet: javascriptSnippet,
    label: 'fetch',
  },
  {
    name: 'Swift (iOS)',
    icon: Smartphone,
    packageName: 'TonemarkSDK (Swift Package Manager)',
    snippet: swiftSnippet,
    label: 'URLSession',
  },
  {
    name: 'Java/Kotlin (Android)',
    icon: TabletSmartphone,
    packageName: 'io.tonemark:sdk',
    snippet: kotlinSnippet,
    label: 'OkHttp',
  },
];

/** SPEC §2.10 SDK cards. The SDKs are planned, not published: each card shows the raw HTTP call. */
export function SdkCards({ baseUrl }: { baseUrl: string }) {
  return (
    <section aria-labelledby="sdks-title" className="grid gap-4">
      <div>
        <h2 id="sdks-title" className="text-lg font-semibold text-slate-900">
          SDKs
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The SDKs (version {SDK_VERSION}) are <strong>not published yet</strong>: no package can be installed
          today. Until they are, call the REST API directly; each card shows the plain HTTP request the SDK
          will make.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {SDKS.map((sdk) => (
          <Card key={sdk.name} className="flex min-w-0 flex-col" data-testid="sdk-card">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <sdk.icon className="size-5 text-indigo-600" /> {sdk.name}
              </CardTitle>
              <CardDescription className="flex flex-wrap items-center gap-2">
                <Badge tone="slate">v{SDK_VERSION}</Badge>
                <Badge tone="amber">Not published yet</Badge>
              </CardDescription>
              <p className="text-xs text-slate-500">
                Planned package: <code>{sdk.packageName}</code>
              </p>
            </CardHeader>
            <CardContent className="mt-auto">
              <CodeBlock label={`Raw HTTP today (${sdk.label})`} code={sdk.snippet(baseUrl)} />
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
