import { SDK_VERSION } from '@tonemark/shared';
import { Code2, Smartphone, TabletSmartphone } from 'lucide-react';
import { IconCardTitle } from '@/components/icon-card-title';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import {
  javascriptInstall,
  javascriptServerSnippet,
  kotlinSnippet,
  reactListenerSnippet,
  scriptTagSnippet,
  swiftSnippet,
} from '../content/snippets';
import { CodeBlock } from './code-block';

const TARBALL = `tonemark-sdk-${SDK_VERSION}.tgz`;

const PLANNED = [
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

/**
 * SPEC §2.10 SDK cards. JavaScript/React is @tonemark/sdk, served by this site (npm tarball and a
 * script-tag build); Swift and Kotlin are planned, and their cards show the plain HTTP call.
 */
export function SdkCards({ baseUrl }: { baseUrl: string }) {
  const origin = baseUrl.replace(/\/api\/v1$/, '');
  return (
    <section aria-labelledby="sdks-title" className="grid gap-4">
      <div>
        <h2 id="sdks-title" className="text-lg font-semibold text-slate-900">
          SDKs
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The JavaScript SDK (version {SDK_VERSION}) is a typed client for this API with webhook verification
          and a microphone listener; install it from this site. The Swift and Kotlin SDKs are planned: until
          then, call the REST API directly as their cards show.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="flex min-w-0 flex-col lg:col-span-2" data-testid="sdk-card">
          <CardHeader>
            <IconCardTitle icon={Code2}>JavaScript/React</IconCardTitle>
            <CardDescription className="flex flex-wrap items-center gap-2">
              <Badge tone="slate">v{SDK_VERSION}</Badge>
              <Badge tone="emerald">Available</Badge>
              <code className="text-xs">@tonemark/sdk</code>
            </CardDescription>
          </CardHeader>
          <CardContent className="grid min-w-0 gap-4 lg:grid-cols-2">
            <div className="grid min-w-0 content-start gap-4">
              <CodeBlock label="Install (npm)" code={javascriptInstall(origin, TARBALL)} />
              <CodeBlock label="Or a script tag" code={scriptTagSnippet(origin)} />
              <CodeBlock label="REST client (server side)" code={javascriptServerSnippet(origin)} />
            </div>
            <CodeBlock label="Listener (React)" code={reactListenerSnippet(origin)} className="min-w-0" />
          </CardContent>
        </Card>
        {PLANNED.map((sdk) => (
          <Card key={sdk.name} className="flex min-w-0 flex-col" data-testid="sdk-card">
            <CardHeader>
              <IconCardTitle icon={sdk.icon}>{sdk.name}</IconCardTitle>
              <CardDescription className="flex flex-wrap items-center gap-2">
                <Badge tone="slate">v{SDK_VERSION}</Badge>
                <Badge tone="amber">Planned</Badge>
              </CardDescription>
              <p className="text-xs text-slate-500">
                Planned package: <code>{sdk.packageName}</code>. Not published yet: use the HTTP call below.
              </p>
            </CardHeader>
            <CardContent className="mt-auto">
              <CodeBlock label={`Plain HTTP today (${sdk.label})`} code={sdk.snippet(baseUrl)} />
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
